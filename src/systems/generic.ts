/**
 * Any other system: the few paths many systems share are tried (a size word, a Strength and
 * Dexterity score, hit points under attributes), and everything else is the variants' ordinary
 * values, each shown as filled in. The GM's profile values and the hit-point settings rule here.
 */
import type { Found } from "./fill.ts";
import { SHEET_RANGE, completeFacts, nameOf, readDexterity, sizeFromToken, sizeFromWord, take } from "./fill.ts";
import { actorType, intIn, sheet, text } from "./read.ts";
import { FOUNDRY_STATUSES } from "./statuses.ts";
import type { ActorData, CreatureFacts, SystemDescriptor } from "./types.ts";

export const GENERIC_PATHS = {
  sizeTraits: "system.traits.size",
  sizeAttributes: "system.attributes.size",
  sizeDetails: "system.details.size",
  strength: "system.abilities.str.value",
  dexterity: "system.abilities.dex.value",
  hp: "system.attributes.hp.value",
  hpMax: "system.attributes.hp.max",
} as const;

function readGeneric(actor: ActorData): CreatureFacts {
  const P = GENERIC_PATHS;
  const f: Found = {};
  const type = actorType(actor);
  // Player characters go by several type names (Shadowdark and DCC say "Player").
  const t = type.toLowerCase();
  if (["character", "player", "pc", "hero"].includes(t)) f.kind = sheet("character");
  else if (["npc", "monster", "creature"].includes(t)) f.kind = sheet("monster");
  const word = text(actor, P.sizeTraits) ?? text(actor, P.sizeAttributes) ?? text(actor, P.sizeDetails);
  const size = word ? sizeFromWord(word) : undefined;
  f.size = size ? sheet(size) : sizeFromToken(actor, "this system");
  take(f, "strength", intIn(actor, P.strength, ...SHEET_RANGE.ability), (score) => sheet({ score }));
  readDexterity(f, actor, P.dexterity);
  return completeFacts(nameOf(actor), actor, f, "this system");
}

export const generic: SystemDescriptor = {
  id: "generic",
  systemIds: [],
  label: "generic",
  source: "none: common paths only",
  paths: GENERIC_PATHS,
  hitPoints: () => ({ value: GENERIC_PATHS.hp, max: GENERIC_PATHS.hpMax, temporary: null }),
  hostStatuses: FOUNDRY_STATUSES,
  facts: (actor) => readGeneric(actor),
};
