/** Names the shell uses in Foundry: module id, settings, statuses, queries, templates. */
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

export const QUERY = {
  perform: `${MODULE_ID}.perform`,
  cardAction: `${MODULE_ID}.cardAction`,
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
} as const;

export const ICONS = `modules/${MODULE_ID}/assets/icons`;

/** How long a player waits for the GM's answer. */
export const QUERY_TIMEOUT_MS = 15_000;
