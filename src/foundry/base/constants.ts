/** Names the shell uses in Foundry: module id, statuses, templates. */
export const MODULE_ID = "weaponless-combat";

export const STATUS = {
  held: `${MODULE_ID}.held`,
  holding: `${MODULE_ID}.holding`,
  prone: `${MODULE_ID}.prone`,
  stunned: `${MODULE_ID}.stunned`,
  unconscious: `${MODULE_ID}.unconscious`,
  pinned: `${MODULE_ID}.pinned`,
  grappled: `${MODULE_ID}.grappled`,
  subdued: `${MODULE_ID}.subdued`,
  immobilized: `${MODULE_ID}.immobilized`,
} as const;

export const TEMPLATES = {
  card: `modules/${MODULE_ID}/templates/chat-card.hbs`,
  dialog: `modules/${MODULE_ID}/templates/action-dialog.hbs`,
  profile: `modules/${MODULE_ID}/templates/profile-form.hbs`,
  options: `modules/${MODULE_ID}/templates/rule-options.hbs`,
  round: `modules/${MODULE_ID}/templates/round-card.hbs`,
  strike: `modules/${MODULE_ID}/templates/strike-card.hbs`,
  massCharge: `modules/${MODULE_ID}/templates/mass-charge-card.hbs`,
  massChargeDialog: `modules/${MODULE_ID}/templates/mass-charge-dialog.hbs`,
  ledger: `modules/${MODULE_ID}/templates/ledger.hbs`,
  request: `modules/${MODULE_ID}/templates/request-card.hbs`,
  worldCheck: `modules/${MODULE_ID}/templates/world-check.hbs`,
  map: `modules/${MODULE_ID}/templates/map-card.hbs`,
  moveDialog: `modules/${MODULE_ID}/templates/move-dialog.hbs`,
  hudPalette: `modules/${MODULE_ID}/templates/hud-palette.hbs`,
  holdsPanel: `modules/${MODULE_ID}/templates/holds-panel.hbs`,
} as const;

export const ICONS = `modules/${MODULE_ID}/assets/icons`;
