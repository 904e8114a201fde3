/**
 * Where the profile form opens: the token HUD's palette (hooks/token-hud.ts), and a header
 * control on actor sheets of either kind: ApplicationV2 sheets (dnd5e, adnd2e) fire
 * `getHeaderControlsActorSheetV2`; ApplicationV1 sheets (OSE, ARS's classic sheet) fire
 * `getActorSheetHeaderButtons`.
 */
import { MODULE_ID } from "../base/constants.ts";
import { sawHook } from "../world/hooks-seen.ts";
import { i18n } from "../base/i18n.ts";
import { openProfileForm } from "../ui/profile-form.ts";

export function listen(): void {
  Hooks.on("getHeaderControlsActorSheetV2" as never, ((app: { document?: Actor.Implementation }, controls: Array<Record<string, unknown>>) => {
    sawHook("getHeaderControlsActorSheetV2");
    addHeaderControl(app, controls);
  }) as never);
  Hooks.on("getActorSheetHeaderButtons" as never, ((app: { actor?: Actor.Implementation; document?: Actor.Implementation }, buttons: Array<Record<string, unknown>>) => {
    sawHook("getActorSheetHeaderButtons");
    addHeaderButton(app, buttons);
  }) as never);
}

const ACTION = `${MODULE_ID}.profile`;

/** ApplicationV2 sheets: a header control (in the window's menu of controls). */
export function addHeaderControl(app: { document?: Actor.Implementation }, controls: Array<Record<string, unknown>>): void {
  const actor = app.document;
  if (!actor?.isOwner || controls.some((c) => c.action === ACTION)) return;
  controls.push({ action: ACTION, icon: "fa-solid fa-hand-fist", label: "WC.Profile.open", onClick: () => void openProfileForm(actor) });
}

/** ApplicationV1 sheets: a button in the window header, before Close. */
export function addHeaderButton(app: { actor?: Actor.Implementation; document?: Actor.Implementation }, buttons: Array<Record<string, unknown>>): void {
  const actor = app.actor ?? app.document;
  if (!actor?.isOwner || buttons.some((b) => b.class === ACTION)) return;
  buttons.unshift({ label: i18n.localize("WC.Profile.button"), class: ACTION, icon: "fa-solid fa-hand-fist", onclick: () => void openProfileForm(actor) });
}
