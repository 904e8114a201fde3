/**
 * English texts for what the build writes (the guide's generated pages, macro names), read from
 * lang/en.json so a label changed there changes in the guide too. A key with no text stops the
 * build with its name, so the guide never shows a raw key.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

export type LangTree = { readonly [key: string]: string | LangTree };

export function loadLang(root: string, lang = "en"): LangTree {
  return JSON.parse(readFileSync(join(root, "lang", `${lang}.json`), "utf8")) as LangTree;
}

export function lookup(tree: LangTree, key: string): string | undefined {
  let node: string | LangTree | undefined = tree;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = Object.hasOwn(node, part) ? node[part] : undefined;
  }
  return typeof node === "string" ? node : undefined;
}

export class Texts {
  constructor(private readonly tree: LangTree) {}

  /** The text of `key`; throws naming the key when lang/en.json lacks it. */
  t(key: string, params: Readonly<Record<string, string | number>> = {}): string {
    const text = lookup(this.tree, key);
    if (text === undefined) throw new Error(`lang/en.json has no text for ${key}`);
    return text.replace(/\{(\w+)\}/g, (m, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : m));
  }

  has(key: string): boolean {
    return lookup(this.tree, key) !== undefined;
  }

  /** The keys directly under `key` (e.g. the settings under WC.Setting). */
  children(key: string): string[] {
    let node: string | LangTree | undefined = this.tree;
    for (const part of key.split(".")) node = node !== undefined && typeof node !== "string" && Object.hasOwn(node, part) ? node[part] : undefined;
    return node === undefined || typeof node === "string" ? [] : Object.keys(node);
  }
}
