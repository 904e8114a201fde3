/** Font Awesome icons for the actions (Foundry ships Font Awesome). */
import type { ShellAction } from "../../rules/index.ts";

export const ACTION_ICONS: Readonly<Record<ShellAction, string>> = {
  grapple: "fa-solid fa-hands",
  pummel: "fa-solid fa-hand-fist",
  overbear: "fa-solid fa-person-falling",
  chargingOverbear: "fa-solid fa-person-running",
  breakFree: "fa-solid fa-link-slash",
  counterGrapple: "fa-solid fa-arrows-rotate",
  liftOff: "fa-solid fa-feather",
  release: "fa-solid fa-hand",
  subdue: "fa-solid fa-hand-back-fist",
  standUp: "fa-solid fa-person-arrow-up-from-line",
  grabItem: "fa-solid fa-hand-holding",
  coupDeGrace: "fa-solid fa-skull",
  deathBlow: "fa-solid fa-skull-crossbones",
  attackIntoGrapple: "fa-solid fa-crosshairs",
  grab: "fa-solid fa-hands-bound",
};

/** Hauling in a creature held at a distance (the map's action "reelIn", gm/reel.ts). */
export const REEL_ICON = "fa-solid fa-arrows-to-dot";

/** The other marks the module draws: the palette's profile entry, and the tracker's marks (holder and held told apart). */
export const MARK_ICONS = {
  profile: "fa-solid fa-clipboard-user",
  holder: "fa-solid fa-hands-holding",
  held: "fa-solid fa-link",
  clock: "fa-solid fa-stopwatch",
  lastRound: "fa-solid fa-hourglass-end",
} as const;
