/** Where the profile form opens: a HUD button, and a header control on actor sheets. */
import { MODULE_ID } from "../constants.ts";
import { i18n } from "../i18n.ts";
import { openProfileForm } from "../ui/profile-form.ts";

export function listen(): void {
  Hooks.on("renderTokenHUD", (app, html) => addHudButton(app as unknown as { document?: TokenDocument.Implementation }, html as HTMLElement));
  Hooks.on("getHeaderControlsActorSheetV2" as never, ((app: { document?: Actor.Implementation }, controls: Array<Record<string, unknown>>) => {
    const actor = app.document;
    if (!actor?.isOwner || controls.some((c) => c.action === `${MODULE_ID}.profile`)) return;
    controls.push({ action: `${MODULE_ID}.profile`, icon: "fa-solid fa-hand-fist", label: "WC.Profile.open", onClick: () => void openProfileForm(actor) });
  }) as never);
}

export function addHudButton(app: { document?: TokenDocument.Implementation }, html: HTMLElement): void {
  const actor = app.document?.actor as Actor.Implementation | null | undefined;
  if (!actor?.isOwner) return;
  const column = html.querySelector(".col.left");
  if (!column || column.querySelector(".wc-hud__profile")) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "control-icon wc-hud__profile";
  button.dataset.tooltip = i18n.localize("WC.Profile.open");
  const icon = document.createElement("i");
  icon.className = "fa-solid fa-clipboard-user";
  button.append(icon);
  button.addEventListener("click", (event) => {
    event.preventDefault();
    event.stopPropagation();
    void openProfileForm(actor);
  });
  column.append(button);
}
