/** Where the profile form opens: a header control on actor sheets (and the token HUD's palette, hooks/token-hud.ts). */
import { MODULE_ID } from "../constants.ts";
import { openProfileForm } from "../ui/profile-form.ts";

export function listen(): void {
  Hooks.on("getHeaderControlsActorSheetV2" as never, ((app: { document?: Actor.Implementation }, controls: Array<Record<string, unknown>>) => {
    const actor = app.document;
    if (!actor?.isOwner || controls.some((c) => c.action === `${MODULE_ID}.profile`)) return;
    controls.push({ action: `${MODULE_ID}.profile`, icon: "fa-solid fa-hand-fist", label: "WC.Profile.open", onClick: () => void openProfileForm(actor) });
  }) as never);
}
