/** How the guide and the macro folders name each variant: by what it is, with its id. */
export const VARIANT_TITLES: Readonly<Record<string, string>> = {
  "d12-holds": "Early-1980s magazine variant (d12-holds)",
  "grapple-die": "House ruleset (grapple-die)",
  percentile: "DMG-style percentile ruleset (percentile)",
};

export function variantTitle(id: string): string {
  const t = VARIANT_TITLES[id];
  if (t === undefined) throw new Error(`no title for variant ${id}: add it to scripts/packs/variants.ts`);
  return t;
}
