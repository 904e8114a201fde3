/** Buttons for the variant's actions on the token HUD of a token the user owns. */
import { MODULE_ID } from "../constants.ts";
import { sawHook } from "../hooks-seen.ts";
import { i18n } from "../i18n.ts";
import { activeVariant } from "../settings.ts";
import { ACTION_ICONS } from "../ui/icons.ts";
import { launch } from "../ui/launch.ts";

export function listen(): void {
  Hooks.on("renderTokenHUD", (app, html) => {
    sawHook("renderTokenHUD");
    addButtons(app as unknown as { document?: TokenDocument.Implementation }, html as HTMLElement);
  });
}

export function addButtons(app: { document?: TokenDocument.Implementation }, html: HTMLElement): void {
  const token = app.document;
  if (!token?.actor || !token.actor.testUserPermission(game.user, "OWNER")) return;
  const column = html.querySelector(".col.right") ?? html.querySelector(".col.left");
  if (!column || column.querySelector(`.${MODULE_ID}`)) return;
  const group = document.createElement("div");
  group.className = `${MODULE_ID} wc-hud`;
  for (const action of activeVariant().actions) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "control-icon wc-hud__action";
    button.dataset.wcAction = action;
    button.dataset.tooltip = i18n.localize(`WC.Action.${action}`);
    button.setAttribute("aria-label", i18n.localize(`WC.Action.${action}`));
    const icon = document.createElement("i");
    icon.className = ACTION_ICONS[action];
    button.append(icon);
    button.addEventListener("click", (event) => {
      event.preventDefault();
      event.stopPropagation();
      void launch(token, action);
    });
    group.append(button);
  }
  column.append(group);
}
