/**
 * The README's pictures: stable names in docs/images/, each the shot it is taken from. The shots
 * are made from real rules results on the fake Foundry, so `--readme` refreshes them after a
 * change to how cards, dialogs or the HUD look.
 */
export const README_PICTURES: Readonly<Record<string, string>> = {
  "token-hud.png": "d12-holds--hud-held--player--dark.png",
  "action-dialog.png": "d12-holds--dialog-grapple-possible--gm--dark.png",
  "result-card.png": "d12-holds--grapple-hold-by-player--gm--dark.png",
};
