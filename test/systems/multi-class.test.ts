// A multi-classed adnd2e character, an elf fighter/mage: every class reaches the percentile
// profile, in the sheet's order, so that the rules choose its Variable column (004, option
// multiClassColumn); the rule sets with one class column take the best group and the highest
// level. The export and the prepared actor read alike: an export's levels come from each class
// item's XP (fighter 2000 XP: level 2; mage 2500 XP: level 2), a prepared one's from
// `system.classes`.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SYSTEMS, readCreature } from "../../src/systems/index.ts";

const elf = (file: string): unknown => JSON.parse(readFileSync(`test/systems/fixtures/adnd2e/${file}`, "utf8"));
const cases = [
  ["export", "elf-fighter-mage.json", false],
  ["prepared actor", "elf-fighter-mage.prepared.json", true],
] as const;

describe.each(cases)("adnd2e multi-class (%s)", (_name, file, prepared) => {
  it("percentile: fighter 2 first, mage 2 as the second class, both from the sheet", () => {
    const r = readCreature(elf(file), { system: SYSTEMS.adnd2e!, variant: "percentile", settings: { prepared } });
    expect(r.profile).toMatchObject({ classGroup: "fighter", level: 2, secondClass: { group: "magicUser", level: 2 } });
    expect(r.profile).not.toHaveProperty("thirdClass");
    expect([r.sources.classGroup, r.sources.level, r.sources.secondClass]).toEqual(["sheet", "sheet", "sheet"]);
  });

  it("grapple-die (one column): the fighter group, before magic-user, and the highest level, 2", () => {
    const r = readCreature(elf(file), { system: SYSTEMS.adnd2e!, variant: "grapple-die", settings: { prepared } });
    // DMG non-proficiency: fighters -2 (a mage alone would take -5).
    expect(r.profile).toMatchObject({ hitDice: 2, nonProficiencyPenalty: -2 });
    expect(r.profile).not.toHaveProperty("secondClass");
  });
});
