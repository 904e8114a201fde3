/**
 * A modifier as a result carries it: its reason (an i18n key under `WC.Mod.`), its value and
 * any parameters the reason's text needs. The chat card lists these; tests assert on them.
 */
export interface Modifier {
  readonly key: string;
  readonly value: number;
  readonly params?: Readonly<Record<string, string | number>>;
}

export function mod(key: string, value: number, params?: Record<string, string | number>): Modifier {
  return params ? { key, value, params } : { key, value };
}

export function sumMods(mods: readonly Modifier[]): number {
  let s = 0;
  for (const m of mods) s += m.value;
  return s;
}
