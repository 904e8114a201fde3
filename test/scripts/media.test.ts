// module.json's `media` as Foundry's package listing reads it: each entry a PackageMediaData
// (Foundry's API documentation, foundry.packages.types.PackageMediaData: caption, flags, loop,
// thumbnail, type, url; "A web url link to the media element"), one cover and the README's
// pictures as screenshots, each a file in the repository, addressed at the release's own tag.
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MEDIA_FIELDS, mediaAddress, readManifestSource, stampManifest } from "../../scripts/build/manifest.ts";
import { releaseInfo } from "../../scripts/build/release-info.ts";

interface Media {
  type?: unknown;
  url?: unknown;
  caption?: unknown;
}
const source = readManifestSource(".");
const media = (source.media ?? []) as Media[];
const readmePictures = [...readFileSync("README.md", "utf8").matchAll(/!\[[^\]]+\]\((docs\/images\/[^)]+)\)/g)].map((m) => m[1] as string);

describe("module.json media", () => {
  it("is a list of PackageMediaData, each with only its fields, a type and a caption", () => {
    expect(Array.isArray(source.media)).toBe(true);
    for (const m of media) {
      expect(Object.keys(m).filter((k) => !(MEDIA_FIELDS as readonly string[]).includes(k)), JSON.stringify(m)).toEqual([]);
      expect(["cover", "screenshot", "icon", "video", "setup"]).toContain(m.type);
      expect(typeof m.caption === "string" && m.caption.length > 10, JSON.stringify(m)).toBe(true);
    }
  });

  it("has one cover, and every picture the README shows as a screenshot or the cover, each a file in the repository", () => {
    expect(media.filter((m) => m.type === "cover")).toHaveLength(1);
    const urls = media.map((m) => String(m.url));
    expect([...urls].sort()).toEqual([...readmePictures].sort());
    for (const u of urls) expect(existsSync(u), u).toBe(true);
  });

  it("the built manifest gives each picture's web address at the release's tag", () => {
    const info = releaseInfo(".", {});
    const stamped = stampManifest(source, info).media as Media[];
    expect(stamped).toHaveLength(media.length);
    for (const [i, m] of stamped.entries()) {
      expect(m.url).toBe(`https://raw.githubusercontent.com/weaponless-combat/weaponless-combat/v${info.version}/${String(media[i]?.url)}`);
      expect(m.type).toBe(media[i]?.type);
    }
    expect(mediaAddress("https://example.org/a.png", info)).toBe("https://example.org/a.png");
  });
});
