/**
 * [C-22] Foundry core's default status effects (v13): ids, with `name` an i18n key and `img`
 * an icon path. Only the ids matter to the module; names and images are stand-ins.
 */
const CORE_IDS = [
  "dead", "unconscious", "sleep", "stun", "prone", "restrain", "paralysis", "fly", "blind", "deaf", "silence", "fear", "burning", "frozen", "shock",
  "corrode", "bleeding", "disease", "poison", "curse", "regen", "degen", "hover", "burrow", "upgrade", "downgrade", "invisible", "target", "eye",
  "bless", "fireShield", "coldShield", "magicShield", "holyShield",
] as const;

export const CORE_STATUS_EFFECTS: ReadonlyArray<{ id: string; name: string; img: string }> = CORE_IDS.map((id) => ({ id, name: `EFFECT.Status${id[0]?.toUpperCase()}${id.slice(1)}`, img: `icons/svg/${id}.svg` }));

/** [C-23] dnd5e's own conditions and statuses, which replace core's list in its i18nInit. */
export const DND5E_STATUS_IDS = [
  "dead", "bleeding", "blinded", "burrowing", "charmed", "concentrating", "cursed", "deafened", "diseased", "dodging", "encumbered", "ethereal",
  "exceedingCarryingCapacity", "exhaustion", "flying", "frightened", "grappled", "heavilyEncumbered", "hiding", "hovering", "incapacitated",
  "invisible", "marked", "paralyzed", "petrified", "poisoned", "prone", "restrained", "silenced", "sleeping", "stable", "stunned", "surprised",
  "transformed", "unconscious",
] as const;

/** [C-24] adnd2e adds its own statuses, among them held and grappling for its own wrestling. */
export const ADND2E_EXTRA_IDS = ["held", "grappling"] as const;
