/**
 * A status on a token as Foundry shows it for the creature's host system: its icon on the token
 * and its name (the status's localized name) on hover. The demo's world runs no system, so its
 * effects carry Foundry core's status ids and, as the fake keeps them, core's unlocalized name
 * keys (`EFFECT.StatusProne`); here each is named as the creature's own system names it: ARS, OSE
 * and adnd2e keep Foundry core's list (adnd2e adds its own held and grappling, contract C-24);
 * dnd5e replaces it with its conditions (C-23). The names are the English names those lists
 * show. Foundry's and the systems' icon files are theirs, not ours to ship: each status is drawn
 * with a Font Awesome glyph of the same meaning instead.
 */

export interface StatusLook {
  readonly name: string;
  readonly glyph: string;
}

/** Foundry core's default statuses the module uses (v13), by id, as core's English names them. */
const CORE: Readonly<Record<string, StatusLook>> = {
  prone: { name: "Prone", glyph: "fa-solid fa-person-falling" },
  stun: { name: "Stunned", glyph: "fa-solid fa-face-dizzy" },
  unconscious: { name: "Unconscious", glyph: "fa-solid fa-bed" },
  restrain: { name: "Restrained", glyph: "fa-solid fa-link" },
  dead: { name: "Dead", glyph: "fa-solid fa-skull" },
  sleep: { name: "Asleep", glyph: "fa-solid fa-moon" },
  paralysis: { name: "Paralysis", glyph: "fa-solid fa-person" },
};

/** dnd5e's conditions of the same meaning (its ids, its English names). */
const DND5E: Readonly<Record<string, StatusLook>> = {
  prone: { name: "Prone", glyph: "fa-solid fa-person-falling" },
  stunned: { name: "Stunned", glyph: "fa-solid fa-face-dizzy" },
  unconscious: { name: "Unconscious", glyph: "fa-solid fa-bed" },
  restrained: { name: "Restrained", glyph: "fa-solid fa-link" },
  grappled: { name: "Grappled", glyph: "fa-solid fa-hand-back-fist" },
  dead: { name: "Dead", glyph: "fa-solid fa-skull" },
};

/** A core status id as dnd5e spells the same condition. */
const CORE_TO_DND5E: Readonly<Record<string, string>> = { stun: "stunned", restrain: "restrained" };

/** How a status effect on a creature from `system` looks, or null for an effect that is no status of the host's. */
export function statusLook(system: string, statuses: Iterable<string>, name: string): StatusLook | null {
  for (const id of statuses) {
    if (system === "dnd5e") {
      const look = DND5E[CORE_TO_DND5E[id] ?? id];
      if (look) return look;
    }
    const look = CORE[id];
    if (look) return look;
  }
  // Any other core key: its last word, as a name (never the key itself).
  const key = /^EFFECT\.Status([A-Z][A-Za-z]*)$/.exec(name);
  return key ? { name: (key[1] ?? "").replace(/([a-z])([A-Z])/g, "$1 $2"), glyph: "fa-solid fa-circle-info" } : null;
}
