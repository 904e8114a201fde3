/**
 * The holds panel (issue 31): every hold on the scene this user views, in one window: holder →
 * held, the part and kind, the round it began, and the chance that the held creature breaks it,
 * from the rules' own odds for the world's rule set. Where the round end rolls for it (000's break
 * rolls, `roundEndBreaks`) it is the chance at the end of the round now running; where a held
 * creature breaks free only by its own action (002, 004) it is the chance of its next Break free,
 * and the column says so.
 *
 * Per row: Release (the GM's release of the hold, with its card: the same launch as the token HUD's
 * Release, through the one check), Undo (of the card that made it: the card's own Undo) and Show
 * (pan to the pair and set their tether apart). Players see the holds whose two tokens they see
 * (the tethers' rule) with names as the tethers give them, and only Show; what a player's console
 * asks of Release or Undo goes to the GM's tab as a request and is checked there.
 *
 * The panel reads the ledger and writes nothing; it follows the holds as they change
 * (hooks/holds-panel.ts re-renders it, a few times a second at most).
 */
import type { HoldRecord, RulesVariant } from "../../rules/index.ts";
import { isRefusalOdds, RulesInputError } from "../../rules/index.ts";
import { MODULE_ID, TEMPLATES } from "../base/constants.ts";
import { i18n, notify } from "../base/i18n.ts";
import { tabState } from "../base/tab.ts";
import { formatPercent, localizeParams, plainText } from "../base/text.ts";
import type { Intent, PerformOutcome } from "../base/types.ts";
import { resolveCast, tokenByUuid } from "../documents/cast.ts";
import type { Kept } from "../documents/ledger.ts";
import { keptHold, ledgerEntries, stands } from "../documents/ledger.ts";
import { contextFor } from "../gm/resolve.ts";
import { roundContext, sidesOf } from "../gm/round-end.ts";
import { tetherShown } from "../map/tether-geometry.ts";
import type { TokenPlace } from "../map/tether-geometry.ts";
import { canvasTokens, lookOf, nameFor, placeOf, spotlightTether } from "../map/tether-scene.ts";
import { askReferee, cardAction } from "../cards/request-card.ts";
import { cardAnswering } from "../cards/log-index.ts";
import { stateOf } from "../cards/kinds.ts";
import { activeOptions, activeVariant, activeVariantId } from "../world/settings.ts";
import { launchAt } from "./launch.ts";
import type { OpenWindow, WindowSpec } from "./window.ts";
import { windowClass } from "./window.ts";

/** One row of the panel, as the template shows it (every text plain; Handlebars escapes it). */
export interface PanelRow {
  readonly id: string;
  readonly holder: string;
  readonly held: string;
  readonly part: string;
  readonly partLabel: string;
  readonly kind: string;
  readonly kindLabel: string;
  /** A pin says so beside the part. */
  readonly showKind: boolean;
  readonly since: string;
  /** The chance as the user's language writes it ("25%"), or a dash. */
  readonly chance: string;
  /** 0 to 1, or null where none is shown. */
  readonly p: number | null;
  /** Why the chance is what it is (a tooltip: plain text). */
  readonly why: string;
  readonly canRelease: boolean;
  readonly canUndo: boolean;
  readonly releaseLabel: string;
  readonly undoLabel: string;
  readonly showLabel: string;
}

export interface PanelView {
  readonly rows: PanelRow[];
  readonly isGM: boolean;
  readonly labels: Record<string, string>;
  readonly empty: string;
  readonly hint: string;
}

/** The scene this user looks at. */
function viewedScene(): Scene.Implementation | null {
  const scenes = game.scenes as unknown as { viewed?: Scene.Implementation | null; current?: Scene.Implementation | null } | undefined;
  return scenes?.viewed ?? scenes?.current ?? null;
}

/** Every hold the ledger keeps that stands, for this rule set, between two tokens of this scene. */
export function holdsOnScene(scene: Scene.Implementation | null = viewedScene()): Kept[] {
  if (!scene) return [];
  const variant = activeVariantId();
  const memo = new Map();
  return ledgerEntries().filter((k) => k.hold.variant === variant && stands(k, memo) && tokenByUuid(k.hold.record.heldId)?.parent?.id === scene.id && tokenByUuid(k.hold.record.holderId)?.parent?.id === scene.id);
}

/** Where this user's canvas draws each token of the scene, by token id (none when the canvas shows another scene). */
function placesSeen(scene: Scene.Implementation | null): Map<string, TokenPlace> {
  const c = (globalThis as { canvas?: { scene?: { id?: string | null } | null } }).canvas;
  if (!scene || c?.scene?.id !== scene.id) return new Map();
  return new Map(canvasTokens().map((t) => [t.document.id ?? "", placeOf(t)]));
}

/** Whether this user may see the hold: the tethers' rule (both tokens seen; a player never a hidden one). */
function seen(record: HoldRecord, places: ReadonlyMap<string, TokenPlace>): boolean {
  if (game.user.isGM) return true;
  const holder = tokenByUuid(record.holderId);
  const held = tokenByUuid(record.heldId);
  return tetherShown({ isGM: false, enabled: true, playersSee: true }, places.get(holder?.id ?? ""), places.get(held?.id ?? ""));
}

interface Chance {
  readonly p: number | null;
  readonly why: string;
}

const pct = (p: number) => formatPercent(p * 100, i18n, 1);

/** The chance of each hold, where the round end rolls for it (000): by the combat each is kept in. */
function roundEndChances(variant: RulesVariant, kept: readonly Kept[]): Map<string, Chance> {
  const out = new Map<string, Chance>();
  const byCombat = new Map<string, Kept[]>();
  for (const k of kept) {
    if (k.store.documentName !== "Combat") {
      out.set(k.hold.record.id, { p: null, why: i18n.localize("WC.Panel.why.noFight") });
      continue;
    }
    const id = k.store.id ?? "";
    byCombat.set(id, [...(byCombat.get(id) ?? []), k]);
  }
  for (const [id, list] of byCombat) {
    const combat = game.combats.get(id) as Combat.Implementation | undefined;
    const round = combat?.round ?? 0;
    if (!combat || round < 1) {
      for (const k of list) out.set(k.hold.record.id, { p: null, why: i18n.localize("WC.Panel.why.notStarted") });
      continue;
    }
    let res: Readonly<Record<string, { p: number; why: string }>> = {};
    try {
      res = variant.roundEndBreaks?.(roundContext(combat, round, sidesOf(combat), true).ctx, activeOptions()) ?? {};
    } catch (e) {
      if (!(e instanceof RulesInputError)) throw e;
    }
    for (const k of list) {
      const r = res[k.hold.record.id];
      out.set(k.hold.record.id, r ? { p: r.p, why: i18n.format(`WC.Panel.why.${r.why}`, { round }) } : { p: null, why: i18n.localize("WC.Panel.why.unreadable") });
    }
  }
  return out;
}

/** The chance of the held creature's own Break free against its holder (002, 004): the odds its dialog shows. */
function ownTryChance(variant: RulesVariant, record: HoldRecord): Chance {
  if (!variant.actions.includes("breakFree")) return { p: null, why: i18n.localize("WC.Panel.why.unreadable") };
  try {
    const { attacker, defender } = resolveCast(record.heldId, record.holderId);
    const intent: Intent = { action: "breakFree", attackerUuid: attacker.id, defenderUuid: defender.id, declared: {}, holdId: record.id };
    const odds = variant.odds(contextFor(intent, attacker, defender, variant), activeOptions());
    if (isRefusalOdds(odds)) {
      const reason = odds[0]?.params?.reason;
      const names = { attacker: attacker.name, defender: defender.name };
      return { p: 0, why: typeof reason === "string" ? i18n.format(reason, localizeParams(names, i18n)) : i18n.localize("WC.Result.notAllowed") };
    }
    const p = odds.filter((o) => o.key === "WC.Result.brokeFree").reduce((s, o) => s + o.p, 0);
    return { p, why: i18n.localize("WC.Panel.why.ownTry") };
  } catch (e) {
    if (e instanceof RulesInputError || (e as { name?: string }).name === "Refusal") return { p: null, why: i18n.localize("WC.Panel.why.unreadable") };
    throw e;
  }
}

/** The card that made a hold (a result or a mass charge), if the log has it. */
export function cardOfHold(requestId: string): ChatMessage.Implementation | undefined {
  if (!requestId) return undefined;
  return cardAnswering(`card|${requestId}`) ?? cardAnswering(`massCharge|${requestId}`);
}

/** Whether the user owns either creature of a hold (a player is shown its chance then). */
function ownsEither(record: HoldRecord): boolean {
  return [record.heldId, record.holderId].some((uuid) => tokenByUuid(uuid)?.actor?.testUserPermission(game.user, "OWNER") === true);
}

/** What the panel shows this user now. */
export function panelView(): PanelView {
  const scene = viewedScene();
  const variant = activeVariant();
  const isGM = game.user.isGM;
  const places = isGM ? new Map<string, TokenPlace>() : placesSeen(scene);
  const kept = holdsOnScene(scene).filter((k) => seen(k.hold.record, places));
  const byRoundEnd = typeof variant.roundEndBreaks === "function";
  const chances = byRoundEnd ? roundEndChances(variant, kept) : null;
  const rows: PanelRow[] = kept.map((k) => {
    const record = k.hold.record;
    const holderDoc = tokenByUuid(record.holderId) as TokenDocument.Implementation;
    const heldDoc = tokenByUuid(record.heldId) as TokenDocument.Implementation;
    const holder = isGM ? (holderDoc.name ?? "") : nameFor(holderDoc);
    const held = isGM ? (heldDoc.name ?? "") : nameFor(heldDoc);
    const look = lookOf(record, heldDoc);
    const mayKnow = isGM || ownsEither(record);
    const c: Chance = !mayKnow ? { p: null, why: i18n.localize("WC.Panel.why.notYours") } : (chances?.get(record.id) ?? ownTryChance(variant, record));
    const card = isGM ? cardOfHold(k.hold.card) : undefined;
    const names = { holder, held };
    return {
      id: record.id,
      holder,
      held,
      part: look.part,
      partLabel: i18n.localize(record.label),
      kind: look.kind,
      kindLabel: i18n.localize(`WC.Panel.kind.${look.kind}`),
      // A pin says so beside the part; a stranglehold's part already says it (and its swatch is red).
      showKind: look.kind === "pin",
      since: k.store.documentName === "Combat" ? i18n.format("WC.Panel.round", { round: k.hold.since }) : i18n.localize("WC.Panel.outside"),
      chance: c.p === null ? "—" : pct(c.p),
      p: c.p,
      why: plainText(c.why),
      canRelease: isGM,
      canUndo: isGM && card !== undefined && stateOf(card) === "applied",
      // Also tooltips, which Foundry may read as HTML: plain, so a name can never open a tag.
      releaseLabel: plainText(i18n.format("WC.Panel.releaseLabel", names)),
      undoLabel: plainText(i18n.format("WC.Panel.undoLabel", names)),
      showLabel: plainText(i18n.format("WC.Panel.showLabel", names)),
    };
  });
  rows.sort((a, b) => a.holder.localeCompare(b.holder) || a.held.localeCompare(b.held) || a.id.localeCompare(b.id));
  return {
    rows,
    isGM,
    empty: i18n.localize("WC.Panel.empty"),
    hint: i18n.localize(byRoundEnd ? "WC.Panel.hintRoundEnd" : "WC.Panel.hintOwnTry"),
    labels: {
      holder: i18n.localize("WC.Panel.holder"),
      held: i18n.localize("WC.Panel.held"),
      part: i18n.localize("WC.Panel.part"),
      since: i18n.localize("WC.Panel.since"),
      chance: i18n.localize(byRoundEnd ? "WC.Panel.chanceRoundEnd" : "WC.Panel.chanceOwnTry"),
      actions: i18n.localize("WC.Panel.actions"),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The buttons.

/** The hold a button names, if it still stands; else the user is told. */
function standing(holdId: string): { kept: Kept; holder: TokenDocument.Implementation; held: TokenDocument.Implementation } | null {
  const k = typeof holdId === "string" && holdId.length > 0 && holdId.length <= 200 ? keptHold(holdId) : undefined;
  const holder = k ? tokenByUuid(k.hold.record.holderId) : null;
  const held = k ? tokenByUuid(k.hold.record.heldId) : null;
  if (!k || !stands(k) || !holder || !held) {
    notify("warn", "WC.Panel.gone");
    return null;
  }
  return { kept: k, holder, held };
}

/**
 * Release: the GM lets the holder go of the held creature, as the token HUD's Release does (the
 * one check, a GM's call where it refuses, then the card). On a player's tab there is no such
 * button; what a console asks here goes to the GM's tab, which checks it as the player's own.
 */
export async function releaseHold(holdId: string): Promise<PerformOutcome | null> {
  const s = standing(holdId);
  if (!s) return null;
  if (game.user.isGM) return launchAt(s.holder, s.held, "release", holdId);
  return askReferee({ kind: "action", intent: { action: "release", attackerUuid: s.holder.uuid, defenderUuid: s.held.uuid, declared: {}, holdId } });
}

/** Undo: the card that made the hold, undone as its own Undo does (only a GM's; a player's ask is the GM's tab's to refuse). */
export async function undoHold(holdId: string): Promise<PerformOutcome | null> {
  const s = standing(holdId);
  if (!s) return null;
  const card = cardOfHold(s.kept.hold.card);
  if (!card) {
    notify("warn", "WC.Panel.noCard");
    return null;
  }
  if (game.user.isGM) return cardAction(card, "undo");
  return askReferee({ kind: "card", messageId: card.id ?? "", action: "undo" });
}

interface Pannable {
  readonly scene?: { id?: string | null } | null;
  animatePan?(view: { x: number; y: number; duration?: number }): unknown;
}

/** Show: the canvas pans to the middle of the pair and their tether is set apart for a few seconds. */
export async function showHold(holdId: string): Promise<boolean> {
  const s = standing(holdId);
  if (!s) return false;
  const c = (globalThis as { canvas?: Pannable }).canvas;
  const scene = viewedScene();
  const places = placesSeen(scene);
  const a = places.get(s.holder.id ?? "");
  const b = places.get(s.held.id ?? "");
  if (!c || !a || !b || s.holder.parent?.id !== c.scene?.id) {
    notify("warn", "WC.Panel.notHere");
    return false;
  }
  // A player is shown only what the tethers would show them.
  if (!seen(s.kept.hold.record, places)) {
    notify("warn", "WC.Refuse.cannotSee");
    return false;
  }
  const x = (a.x + a.w / 2 + b.x + b.w / 2) / 2;
  const y = (a.y + a.h / 2 + b.y + b.h / 2) / 2;
  await c.animatePan?.({ x, y, duration: 250 });
  spotlightTether(holdId);
  return true;
}

const holdOf = (target: HTMLElement): string => target.closest<HTMLElement>("[data-hold-id]")?.dataset.holdId ?? "";

export const HOLDS_PANEL: WindowSpec = {
  id: "holds-panel",
  title: "WC.Panel.title",
  template: TEMPLATES.holdsPanel,
  width: 640,
  context: async () => panelView() as unknown as Record<string, unknown>,
  actions: {
    release: async (_root, target) => void (await releaseHold(holdOf(target))),
    undo: async (_root, target) => void (await undoHold(holdOf(target))),
    show: async (_root, target) => void (await showHold(holdOf(target))),
  },
};

interface Here {
  app: (OpenWindow & { rendered?: boolean }) | null;
  timer: ReturnType<typeof setTimeout> | null;
}

const here = () => tabState<Here>("holds-panel", () => ({ app: null, timer: null }));

/** The panel open on this tab, if any. */
export function openPanel(): (OpenWindow & { rendered?: boolean }) | null {
  const app = here().app;
  return app && app.rendered !== false ? app : null;
}

/** Opens the panel (or brings the open one forward, drawn anew). */
export async function openHoldsPanel(): Promise<OpenWindow> {
  const open = openPanel();
  if (open) {
    await open.render({ force: true });
    return open;
  }
  const Cls = windowClass(HOLDS_PANEL);
  const app = new Cls() as OpenWindow & { rendered?: boolean };
  here().app = app;
  await app.render({ force: true });
  return app;
}

/** How long the panel waits for changes to settle before it draws itself again. */
export const REFRESH_MS = 120;

/** Something the panel shows may have changed: it draws itself again once the changes settle (only while open). */
export function refreshHoldsPanel(): void {
  const h = here();
  if (!openPanel() || h.timer) return;
  h.timer = setTimeout(() => {
    h.timer = null;
    const app = openPanel();
    if (app) void app.render().catch((e: unknown) => console.error(`${MODULE_ID} | the holds panel could not be drawn`, e));
  }, REFRESH_MS);
}
