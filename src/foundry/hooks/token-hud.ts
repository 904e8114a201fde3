/**
 * One button on the token HUD of a token the user owns. It opens a small palette of the
 * weaponless actions that apply now, with their names: the attacks always; Break free, Counter
 * grapple and the like only while the token is held, Release only while it holds someone (each
 * naming the other creature); and the creature's weaponless profile.
 */
import type { HoldRecord, ShellAction } from "../../rules/index.ts";
import { participant, tokenByUuid } from "../documents/cast.ts";
import { ICONS, MODULE_ID } from "../base/constants.ts";
import { sawHook } from "../world/hooks-seen.ts";
import { holdsAround } from "../documents/holds.ts";
import { i18n } from "../base/i18n.ts";
import { activeVariant, activeVariantId } from "../world/settings.ts";
import { ACTION_ICONS } from "../ui/icons.ts";
import { launch, launchAt } from "../ui/launch.ts";
import { openProfileForm } from "../ui/profile-form.ts";
import { rulesAllow } from "../cards/viewer.ts";

export function listen(): void {
  Hooks.on("renderTokenHUD", (app, html) => {
    sawHook("renderTokenHUD");
    addButtons(app as unknown as { document?: TokenDocument.Implementation }, html as HTMLElement);
  });
}

/** One entry of the palette: an action, and the creature it is aimed at when a hold decides it. */
export interface PaletteEntry {
  readonly action: ShellAction;
  readonly label: string;
  readonly target?: string;
  readonly holdId?: string;
}

/** The actions that apply to this token now, in the variant's order. */
export function paletteEntries(token: TokenDocument.Implementation): PaletteEntry[] {
  const variant = activeVariant();
  const heldActs = variant.holdActions?.held ?? [{ action: "breakFree" as const }];
  const holderActs = variant.holdActions?.holder ?? [{ action: "release" as const }];
  const holdOnly = new Set<ShellAction>([...heldActs, ...holderActs].map((x) => x.action));
  const holds: HoldRecord[] = token.actor ? holdsAround([token.actor], activeVariantId()) : [];
  const nameOf = (uuid: string) => tokenByUuid(uuid)?.name ?? "?";
  const out: PaletteEntry[] = [];
  // Standing up applies only to a creature on the ground (the host's prone, or its profile's).
  const down = () => {
    if (!token.actor) return false;
    const profile = participant({ token, actor: token.actor, id: token.uuid, name: token.name ?? "" }, variant).profile as { conditions?: unknown };
    return Array.isArray(profile.conditions) && profile.conditions.includes("prone");
  };
  for (const action of variant.actions.filter((a) => !holdOnly.has(a))) {
    if (action === "standUp" && !down()) continue;
    out.push({ action, label: i18n.localize(`WC.Action.${action}`) });
  }
  const held = holds.filter((h) => h.heldId === token.uuid);
  const holding = holds.filter((h) => h.holderId === token.uuid);
  for (const [list, acts, otherOf] of [
    [held, heldActs, (h: HoldRecord) => h.holderId],
    [holding, holderActs, (h: HoldRecord) => h.heldId],
  ] as const) {
    for (const x of acts) {
      if (!variant.actions.includes(x.action)) continue;
      for (const h of list) {
        const other = otherOf(h);
        if (!rulesAllow(token.uuid, other, x.action, h.id)) continue;
        const name = i18n.localize(x.label ?? `WC.Action.${x.action}`);
        out.push({ action: x.action, label: i18n.format("WC.Hud.actionOn", { action: name, name: nameOf(other) }), target: other, holdId: h.id });
      }
    }
  }
  return out;
}

function entryButton(token: TokenDocument.Implementation, e: PaletteEntry, close: () => void): HTMLButtonElement {
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.wcAction = e.action;
  if (e.target) button.dataset.wcTarget = e.target;
  const icon = document.createElement("i");
  icon.className = ACTION_ICONS[e.action];
  button.append(icon, document.createTextNode(e.label));
  button.addEventListener("click", (event) => {
    event.preventDefault();
    event.stopPropagation();
    close();
    const target = e.target ? tokenByUuid(e.target) : null;
    void (target ? launchAt(token, target, e.action, e.holdId) : launch(token, e.action));
  });
  return button;
}

export function addButtons(app: { document?: TokenDocument.Implementation }, html: HTMLElement): void {
  const token = app.document;
  if (!token?.actor || !token.actor.testUserPermission(game.user, "OWNER")) return;
  const column = html.querySelector(".col.right") ?? html.querySelector(".col.left");
  if (!column || column.querySelector(`.${MODULE_ID}`)) return;
  const group = document.createElement("div");
  group.className = `${MODULE_ID} wc-hud`;
  const toggle = document.createElement("button");
  toggle.type = "button";
  toggle.className = "control-icon wc-hud__toggle";
  toggle.dataset.wcPaletteToggle = "";
  const title = i18n.localize("WC.Hud.title");
  toggle.dataset.tooltip = title;
  toggle.setAttribute("aria-label", title);
  toggle.setAttribute("aria-expanded", "false");
  const img = document.createElement("img");
  img.src = `${ICONS}/weaponless.svg`;
  img.alt = "";
  toggle.append(img);
  const palette = document.createElement("div");
  palette.className = "wc-hud__palette";
  palette.setAttribute("role", "menu");
  palette.hidden = true;
  const close = () => {
    palette.hidden = true;
    toggle.setAttribute("aria-expanded", "false");
  };
  toggle.addEventListener("click", (event) => {
    event.preventDefault();
    event.stopPropagation();
    if (!palette.hidden) return close();
    // Built when opened, so it shows what applies now (a hold made since the HUD was drawn).
    const heading = document.createElement("p");
    heading.className = "wc-hud__palette-title";
    heading.textContent = title;
    const entries = paletteEntries(token).map((e) => entryButton(token, e, close));
    const profile = document.createElement("button");
    profile.type = "button";
    profile.dataset.wcProfile = "";
    const icon = document.createElement("i");
    icon.className = "fa-solid fa-clipboard-user";
    profile.append(icon, document.createTextNode(i18n.localize("WC.Profile.open")));
    profile.addEventListener("click", (event) => {
      event.preventDefault();
      event.stopPropagation();
      close();
      if (token.actor) void openProfileForm(token.actor as Actor.Implementation);
    });
    palette.replaceChildren(heading, ...entries, profile);
    palette.hidden = false;
    toggle.setAttribute("aria-expanded", "true");
  });
  group.append(toggle, palette);
  column.append(group);
}
