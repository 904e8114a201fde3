/**
 * Foundry's own status ids (its default CONFIG.statusEffects), which a system keeps unless it
 * brings its own list: ARS reads them by these ids (lastredoubt/acks2-arsbase@171feb4
 * src/module/actor/actor.js: 'prone', 'stun', 'paralysis', 'restrain', 'blind', 'invisible'), and
 * OSE registers no statuses of its own (vttred/ose@e5b4a10 has no CONFIG.statusEffects).
 * Foundry has no separate "grappled" or "held": its `restrain` stands for both.
 */
import type { HostStatuses } from "./types.ts";

export const FOUNDRY_STATUSES: HostStatuses = {
  prone: "prone",
  unconscious: "unconscious",
  stunned: "stun",
  paralyzed: "paralysis",
  restrained: "restrain",
  grappled: "restrain",
  held: "restrain",
  blinded: "blind",
  invisible: "invisible",
  dead: "dead",
};
