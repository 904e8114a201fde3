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
};
