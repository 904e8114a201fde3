/**
 * How the build names each rule set: the one name lang/en.json gives it (WC.VariantName, e.g.
 * "d12 holds") and that name with its source (WC.Variant, "d12 holds, after a 1982 magazine
 * article"), the same the settings, cards and README use.
 */
import type { Texts } from "./lang.ts";

export function variantTitle(texts: Texts, id: string): string {
  return texts.t(`WC.Variant.${id}`);
}

export function variantName(texts: Texts, id: string): string {
  return texts.t(`WC.VariantName.${id}`);
}
