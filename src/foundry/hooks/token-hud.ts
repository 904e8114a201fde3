/**
 * One button on the token HUD of a token the user owns. It opens a small palette of the
 * weaponless actions, with their names. First, set apart, the hold's own actions (Break free,
 * Counter grapple, Lift off while held; Release while holding), each naming the other creature;
 * then the actions aimed at the user's target, under a line naming it; then the creature's
 * weaponless profile. An action that cannot apply now (no target, the target out of reach, the
 * rules refusing it for this pair) stays in its place, greyed, with the reason as its tooltip;
 * clicked, it says why in a notice and does nothing more.
 *
 * The palette is drawn by `templates/hud-palette.hbs` from `paletteView`; this file gathers its
 * data and listens to it.
 */
import type { HoldRecord, ShellAction } from "../../rules/index.ts";
import { participant, Refusal, tokenByUuid } from "../documents/cast.ts";
import { ICONS, MODULE_ID, TEMPLATES } from "../base/constants.ts";
import { sawHook } from "../world/hooks-seen.ts";
import { tabState } from "../base/tab.ts";
import { holdsAround } from "../documents/holds.ts";
import { i18n, notify } from "../base/i18n.ts";
import type { I18n } from "../base/text.ts";
import { localizeParams, plainText } from "../base/text.ts";
import { activeVariant, activeVariantId } from "../world/settings.ts";
import type { Verdict } from "../gm/verdict.ts";
import { actionVerdict } from "../cards/result-card.ts";
import { withinReach } from "../map/reach.ts";
import { ACTION_ICONS, MARK_ICONS, REEL_ICON } from "../ui/icons.ts";
import { askReel } from "../cards/request-card.ts";
import { REEL_IN, leashedHoldsOf } from "../gm/reel.ts";
import { launch, launchAt } from "../ui/launch.ts";
import { chooseTarget } from "../ui/targets.ts";
import { openProfileForm } from "../ui/profile-form.ts";
import { grabbingAttacks } from "../documents/grab-attack.ts";

export function listen(): void {
  Hooks.on("renderTokenHUD", (app, html) => {
    sawHook("renderTokenHUD");
    addButtons(app as unknown as { document?: TokenDocument.Implementation }, html as HTMLElement);
  });
}

/** Why an entry cannot apply now: the notice a click gives, and the same in a line for its tooltip. */
export interface Unavailable {
  readonly key: string;
  readonly params: Readonly<Record<string, string | number>>;
  readonly text: string;
  /** The GM may carry it out all the same, as a named GM's call (players never can). */
  readonly overridable?: boolean;
}

/** A palette's action: one of the rules', or hauling in a creature held at a distance (the map's). */
export type PaletteAction = ShellAction | typeof REEL_IN;

/** One entry of the palette: an action, and the creature it is aimed at when a hold decides it. */
export interface PaletteEntry {
  readonly action: PaletteAction;
  readonly label: string;
  /** "hold": one of the hold's own actions, aimed at the other creature; "target": at the user's target. */
  readonly group: "hold" | "target";
  readonly target?: string;
  readonly holdId?: string;
  /** A grab: the grabbing attack it is made with (issue 31). */
  readonly attack?: string;
  /** Set when the action cannot apply now. */
  readonly unavailable?: Unavailable;
}

function unavailable(key: string, params: Readonly<Record<string, string | number>> = {}): Unavailable {
  const plain: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(localizeParams(params, i18n))) plain[k] = typeof v === "string" ? plainText(v) : v;
  return { key, params, text: i18n.format(key, plain) };
}

/** An entry's state from the one check's verdict (gm/verdict.ts): nothing when it may go ahead. */
function fromVerdict(v: Verdict, label: string): Unavailable | undefined {
  if (v.ok) return undefined;
  // The rules' refusal names the entry as the palette shows it ("Lift off away from the ogre").
  const off = unavailable(v.key, v.key === "WC.Refuse.byRules" ? { ...v.params, action: label } : v.params);
  return { ...off, ...(v.short !== undefined ? { text: plainText(v.short) } : {}), ...(v.overridable ? { overridable: true } : {}) };
}

/** The user's target for an action from this token, or why there is none to use. */
function targetFor(token: TokenDocument.Implementation, action: ShellAction): { target: TokenDocument.Implementation } | { unavailable: Unavailable } {
  try {
    return { target: chooseTarget(token, action) };
  } catch (e) {
    if (e instanceof Refusal) return { unavailable: unavailable(e.key, e.params) };
    throw e;
  }
}

/** The hold's own actions and the others, the hold's first, each with what stops it now. */
export function paletteEntries(token: TokenDocument.Implementation): PaletteEntry[] {
  const variant = activeVariant();
  const heldActs = variant.holdActions?.held ?? [{ action: "breakFree" as const }];
  const holderActs = variant.holdActions?.holder ?? [{ action: "release" as const }];
  const holdOnly = new Set<ShellAction>([...heldActs, ...holderActs].map((x) => x.action));
  const holds: HoldRecord[] = token.actor ? holdsAround([token.actor], activeVariantId()) : [];
  const nameOf = (uuid: string) => tokenByUuid(uuid)?.name ?? "?";
  const out: PaletteEntry[] = [];
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
        const partner = tokenByUuid(other);
        const key = `WC.Hud.on.${x.action}`;
        const label = i18n.has?.(key) ? i18n.format(key, { name: nameOf(other) }) : i18n.format("WC.Hud.actionOn", { action: i18n.localize(x.label ?? `WC.Action.${x.action}`), name: nameOf(other) });
        const why = partner ? fromVerdict(actionVerdict({ action: x.action, attackerUuid: token.uuid, defenderUuid: partner.uuid, holdId: h.id }, game.user, { rules: true }), label) : unavailable("WC.Refuse.tokenGone");
        out.push({ action: x.action, label, group: "hold", target: other, holdId: h.id, ...(why ? { unavailable: why } : {}) });
      }
    }
  }
  // A holder with a creature held at a distance may haul it in (gm/reel.ts), as far as the rules'
  // pace still gives this round: greyed with the one check's reason when it cannot.
  for (const h of leashedHoldsOf(token)) {
    const label = i18n.format("WC.Hud.on.reelIn", { name: nameOf(h.heldUuid) });
    const why = fromVerdict(actionVerdict({ action: REEL_IN, attackerUuid: token.uuid, defenderUuid: h.heldUuid, holdId: h.holdId }, game.user), label);
    out.push({ action: REEL_IN, label, group: "hold", target: h.heldUuid, holdId: h.holdId, ...(why ? { unavailable: why } : {}) });
  }
  // Standing up applies only to a creature on the ground (the host's prone, or its profile's).
  const down = () => {
    if (!token.actor) return false;
    const profile = participant({ token, actor: token.actor, id: token.uuid, name: token.name ?? "" }, variant).profile as { conditions?: unknown };
    return Array.isArray(profile.conditions) && profile.conditions.includes("prone");
  };
  for (const action of variant.actions.filter((a) => !holdOnly.has(a))) {
    if (action === "standUp" && !down()) continue;
    // A grab: one entry per grabbing attack of the creature, named after it; none for a creature with none (issue 31).
    if (action === "grab") {
      for (const g of token.actor ? grabbingAttacks(token.actor as Actor.Implementation) : []) {
        const label = i18n.format("WC.Hud.grabWith", { attack: plainText(g.name) });
        const aim = targetFor(token, action);
        const why = "unavailable" in aim ? aim.unavailable : fromVerdict(actionVerdict({ action, attackerUuid: token.uuid, defenderUuid: aim.target.uuid, attack: g.key }, game.user, { rules: true }), label);
        out.push({ action, label, group: "target", attack: g.key, ...(why ? { unavailable: why } : {}) });
      }
      continue;
    }
    const label = i18n.localize(`WC.Action.${action}`);
    const aim = targetFor(token, action);
    let why: Unavailable | undefined;
    if ("unavailable" in aim) why = aim.unavailable;
    // The one check, with the rules' own answer: reach, sight, this round's count, the holds.
    else why = fromVerdict(actionVerdict({ action, attackerUuid: token.uuid, defenderUuid: aim.target.uuid }, game.user, { rules: true }), label);
    out.push({ action, label, group: "target", ...(why ? { unavailable: why } : {}) });
  }
  return out;
}

/** The line over the actions aimed at the target: whom they are aimed at, or why nobody. */
function targetHeading(token: TokenDocument.Implementation): string {
  const aim = targetFor(token, "grapple");
  if ("unavailable" in aim) return aim.unavailable.text;
  return i18n.format(withinReach(token, aim.target) ? "WC.Hud.against" : "WC.Hud.againstFar", { name: plainText(aim.target.name ?? "") });
}

/** One entry as the palette template draws it: plain texts only, escaped by the template. */
export interface PaletteEntryView {
  /** The entry's place in the list `paletteEntries` gave, which the click listener reads back. */
  readonly index: number;
  readonly action: PaletteAction;
  readonly target?: string;
  readonly icon: string;
  readonly label: string;
  /** Set when the entry cannot apply now: its tooltip (the reason) and accessible name. */
  readonly off?: { readonly tooltip: string; readonly aria: string };
}

/** A group of entries under its heading: the hold's own actions, or those at the target. */
export interface PaletteGroupView {
  readonly kind: "hold" | "target";
  readonly id: string;
  readonly heading: string;
  readonly entries: readonly PaletteEntryView[];
}

/** What `templates/hud-palette.hbs` draws. */
export interface PaletteView {
  readonly title: string;
  readonly groups: readonly PaletteGroupView[];
  readonly profile: { readonly icon: string; readonly label: string };
}

/**
 * The palette's view: the title, the hold's own actions (set apart), the actions at the target
 * under `targetHeading`, the profile. Pure: the entries and texts in, the template's data out.
 */
export function paletteView(entries: readonly PaletteEntry[], texts: { readonly title: string; readonly targetHeading: string; readonly tokenId: string }, i18n: I18n): PaletteView {
  const view = (e: PaletteEntry, index: number): PaletteEntryView => ({
    index,
    action: e.action,
    ...(e.target ? { target: e.target } : {}),
    icon: e.action === REEL_IN ? REEL_ICON : ACTION_ICONS[e.action],
    label: e.label,
    // Foundry may read a tooltip as HTML: a name in one cannot open a tag (unavailable() made them plain).
    ...(e.unavailable ? { off: { tooltip: e.unavailable.text, aria: i18n.format("WC.Hud.unavailable", { action: e.label, reason: e.unavailable.text }) } } : {}),
  });
  const all = entries.map(view);
  const groups: PaletteGroupView[] = [];
  const hold = all.filter((_, i) => entries[i]?.group === "hold");
  if (hold.length > 0) groups.push({ kind: "hold", id: `wc-hud-hold-${texts.tokenId}`, heading: i18n.localize("WC.Hud.holdGroup"), entries: hold });
  const target = all.filter((_, i) => entries[i]?.group === "target");
  if (target.length > 0) groups.push({ kind: "target", id: `wc-hud-target-${texts.tokenId}`, heading: texts.targetHeading, entries: target });
  return { title: texts.title, groups, profile: { icon: MARK_ICONS.profile, label: i18n.localize("WC.Profile.open") } };
}

/** The palette drawn from its template, one element, with its entries' listeners. */
async function renderPalette(token: TokenDocument.Implementation, title: string, close: () => void): Promise<HTMLElement> {
  // Read now, before the template renders, so it shows what applies at the click.
  const entries = paletteEntries(token);
  const data = paletteView(entries, { title, targetHeading: targetHeading(token), tokenId: token.id ?? "token" }, i18n);
  const html = await foundry.applications.handlebars.renderTemplate(TEMPLATES.hudPalette, data as unknown as Record<string, unknown>);
  const made = document.createElement("template");
  made.innerHTML = html.trim();
  const palette = made.content.firstElementChild as HTMLElement | null;
  if (!palette || made.content.childElementCount !== 1) throw new Error(`${MODULE_ID} | the HUD palette template must render one element`);
  palette.addEventListener("click", (event) => {
    const button = (event.target as Element | null)?.closest?.("button");
    if (!button || !palette.contains(button)) return;
    event.preventDefault();
    event.stopPropagation();
    if (button.hasAttribute("data-wc-profile")) {
      close();
      if (token.actor) void openProfileForm(token.actor as Actor.Implementation);
      return;
    }
    const e = entries[Number(button.dataset.wcEntry)];
    if (!e) return;
    const off = e.unavailable;
    // Greyed: its reason in a notice. The GM may go on past a refusal they can set aside (the
    // launch asks whether to carry it out as the GM's call).
    if (off && !(off.overridable && game.user.isGM)) {
      notify("warn", off.key, off.params);
      return;
    }
    close();
    if (e.action === REEL_IN) {
      void askReel({ holdId: e.holdId });
      return;
    }
    const action = e.action;
    const target = e.target ? tokenByUuid(e.target) : null;
    void (target ? launchAt(token, target, action, e.holdId, e.attack) : launch(token, action, e.attack));
  });
  return palette;
}

/**
 * Keeps the open palette whole on the screen: its top level with the HUD's top (`anchorTop`,
 * so a long palette runs beside the HUD rather than far below it), moved up by what would fall
 * off the bottom, opened on the column's other side when the right edge is too near, and
 * scrolling only when it is taller than the window itself.
 */
export function placePalette(palette: HTMLElement, anchorTop?: number): void {
  palette.classList.remove("wc-hud__palette--flip");
  palette.style.removeProperty("top");
  palette.style.removeProperty("max-height");
  const rect = palette.getBoundingClientRect();
  const room = { w: window.innerWidth, h: window.innerHeight };
  if (rect.width === 0 || room.h === 0) return;
  const margin = 8;
  if (rect.right > room.w - margin) palette.classList.add("wc-hud__palette--flip");
  const tall = room.h - 2 * margin;
  if (rect.height > tall) palette.style.maxHeight = `${tall}px`;
  const height = Math.min(rect.height, tall);
  let top = rect.top;
  if (anchorTop !== undefined && anchorTop < top) top = Math.max(anchorTop, margin);
  if (top + height > room.h - margin) top = Math.max(margin, room.h - margin - height);
  if (top !== rect.top) palette.style.top = `${top - rect.top}px`;
}

/** The token whose palette is to open as soon as its HUD is drawn (a key asked for it). */
function wanted(): { uuid: string } {
  return tabState("palette-wanted", () => ({ uuid: "" }));
}

/**
 * Opens this token's palette from the keyboard: its HUD bound to it (drawn anew, as a right-click
 * draws it: `canvas.tokens.hud.bind`), the palette open and its first entry focused. False when
 * the canvas has no HUD to show (the key then does nothing, and says so).
 */
export function openPaletteFor(token: TokenDocument.Implementation): boolean {
  const hud = (canvas?.tokens as unknown as { hud?: { bind?(object: unknown): unknown } } | undefined)?.hud;
  const object = (token as unknown as { object?: unknown }).object;
  if (typeof hud?.bind !== "function" || !object) {
    notify("warn", "WC.Keys.noHud", { name: token.name ?? "" });
    return false;
  }
  // The HUD draws itself for the token (renderTokenHUD), and its button opens the palette then.
  wanted().uuid = token.uuid;
  hud.bind(object);
  return true;
}

/**
 * The palette from the keyboard (WAI-ARIA's menu pattern): arrow keys move between its entries
 * (wrapping), Home and End go to the first and last; Enter or Space choose (they are buttons);
 * Escape closes it and returns to its button.
 */
export function paletteKeys(palette: HTMLElement, event: KeyboardEvent): boolean {
  const items = [...palette.querySelectorAll<HTMLButtonElement>('[role="menuitem"]')].filter((b) => !b.hidden);
  if (items.length === 0) return false;
  const at = items.indexOf(document.activeElement as HTMLButtonElement);
  const go = (i: number) => items[(i + items.length) % items.length]?.focus();
  switch (event.key) {
    case "ArrowDown":
      go(at + 1);
      return true;
    case "ArrowUp":
      go(at < 0 ? -1 : at - 1);
      return true;
    case "Home":
      go(0);
      return true;
    case "End":
      go(-1);
      return true;
    default:
      return false;
  }
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
  toggle.setAttribute("aria-haspopup", "menu");
  toggle.setAttribute("aria-expanded", "false");
  const img = document.createElement("img");
  img.src = `${ICONS}/weaponless.svg`;
  img.alt = "";
  toggle.append(img);
  // Drawn from its template each time it opens, so it shows what applies now (a hold made, a
  // target chosen since the HUD was drawn); `opening` counts the openings, so a late one is dropped.
  let palette: HTMLElement | null = null;
  let opening = 0;
  const close = () => {
    opening++;
    if (palette) palette.hidden = true;
    toggle.setAttribute("aria-expanded", "false");
  };
  const show = (made: HTMLElement) => {
    made.addEventListener("keydown", (event) => {
      if (paletteKeys(made, event)) {
        event.preventDefault();
        event.stopPropagation();
        return;
      }
      if (event.key !== "Escape") return;
      event.stopPropagation();
      close();
      toggle.focus();
    });
    if (palette) palette.replaceWith(made);
    else group.append(made);
    palette = made;
    // The palette is placed against the HUD (see the stylesheet); a HUD that is not positioned keeps it by the button.
    group.classList.toggle("wc-hud--local", getComputedStyle(html).position === "static");
    toggle.setAttribute("aria-expanded", "true");
    placePalette(made, html.getBoundingClientRect().top);
    // Into the menu, as a menu button does: the first entry has the focus.
    made.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
  };
  toggle.addEventListener("click", (event) => {
    event.preventDefault();
    event.stopPropagation();
    if (palette && !palette.hidden) return close();
    const ticket = ++opening;
    renderPalette(token, title, close).then(
      (made) => {
        if (ticket === opening) show(made);
      },
      (e: unknown) => console.error(`${MODULE_ID} | the HUD palette could not be drawn`, e),
    );
  });
  group.append(toggle);
  column.append(group);
  // A key asked for this token's palette: open it now that its HUD is drawn.
  if (wanted().uuid === token.uuid) {
    wanted().uuid = "";
    toggle.click();
  }
}
