/**
 * What can happen in an evening, one step at a time, as plain data (so a run can be written
 * down, replayed, and cut down to the few steps that matter). Steps name creatures, cards and
 * combats by their place in the evening's lists, read again when the step runs: a step kept by
 * the shrinker still does something sensible in a world where earlier steps were left out (a
 * creature deleted meanwhile makes a request about a token that is gone).
 *
 * Everything a step does goes through what a person or a macro reaches: the module's API on the
 * tab's own `game.modules`, a token HUD button, the combat tracker's menu, a chat card's buttons
 * (as that tab renders them, or as an older render still shows them), the dialogs, the settings,
 * and Foundry's own document changes (a round advanced, a token deleted).
 */
import type { ShellAction } from "../../src/rules/index.ts";
import { RULES_VARIANTS } from "../../src/rules/index.ts";
import type { Situational } from "../../src/rules/index.ts";
import type { FakeChatMessage, FakeCombat, FakeEffect, FakeToken } from "../fake-foundry/world.ts";
import type { Evening, Tab, TabSlot } from "./evening.ts";
import { M } from "./evening.ts";
import type { Prng } from "./prng.ts";

export type Via = "api" | "hud" | "menu";
export type CardButton = "apply" | "undo" | "breakFree" | "release" | "overbear" | "cancel" | "ledger";
export type Forgery = "othersToken" | "defenderAnswer" | "outOfRange" | "unknownKey" | "noSuchAction" | "garbage" | "replayOthers" | "staleAnswer" | "goneToken" | "refusedState";

export type Step =
  /** Someone acts: a player with a creature (their own, or, forged at the door, another's), or the GM. */
  | { readonly kind: "act"; readonly by: TabSlot; readonly via: Via; readonly action: ShellAction; readonly attacker: number; readonly defender: number; readonly declared: Readonly<Record<string, boolean | number | string>> }
  /** A player writes a request card by hand (or copies one): the GM must refuse it. */
  | { readonly kind: "forge"; readonly by: TabSlot; readonly how: Forgery; readonly attacker: number; readonly defender: number; readonly pick: number }
  /** The defender's owner (or someone else) answers a question card. */
  | { readonly kind: "answer"; readonly by: TabSlot; readonly card: number; readonly choice: number }
  /** A button on a card, as the tab renders it now, or as an older render still shows it. */
  | { readonly kind: "button"; readonly by: TabSlot; readonly card: number; readonly button: CardButton; readonly stale: boolean }
  /** The GM corrects a creature's temporary damage from a card. */
  | { readonly kind: "correct"; readonly by: TabSlot; readonly card: number; readonly row: number; readonly value: number }
  /** The GM moves a combat's round on (or back). */
  | { readonly kind: "round"; readonly by: TabSlot; readonly combat: number; readonly delta: 1 | -1 }
  /** The GM deletes a token, a combatant or a combat; or someone removes one half of a hold by hand. */
  | { readonly kind: "delete"; readonly by: TabSlot; readonly what: "token" | "combatant" | "combat" | "half"; readonly index: number }
  /** The GM starts a new fight with some creatures, or drops another token of a creature on the scene. */
  | { readonly kind: "newCombat"; readonly creatures: readonly number[] }
  | { readonly kind: "spawn"; readonly creature: number; readonly x: number }
  /** A tab closes `ticks` moments into `during` (its requests on their way are never answered) and opens again. */
  | { readonly kind: "reload"; readonly slot: TabSlot; readonly ticks: number; readonly inFlight: "lost" | "applied"; readonly during: Step | null }
  /** Every GM tab closes; later the GM comes back with one or two. */
  | { readonly kind: "gmAway"; readonly inFlight: "lost" | "applied" }
  | { readonly kind: "gmBack"; readonly tabs: 1 | 2 }
  /** Several things at once. */
  | { readonly kind: "together"; readonly steps: readonly Step[] }
  /** The GM changes how results are applied. */
  | { readonly kind: "automation"; readonly value: "automatic" | "confirm" | "manual" }
  /** The GM changes one rule option in the rule options window (a box ticked or a choice made). */
  | { readonly kind: "ruleOption"; readonly by: TabSlot; readonly option: number; readonly pick: number }
  /** A player edits their creature's profile (a value the form accepts, or one it refuses). */
  | { readonly kind: "profile"; readonly by: TabSlot; readonly creature: number; readonly field: number; readonly value: number };

/** What a step left for the checks: forged request cards, corrections, deletions, rounds advanced. */
export interface StepLog {
  forged: string[];
  corrections: Array<{ tokenUuid: string; value: number }>;
  /**
   * What was removed, the holds then in place on its creatures, and the clocks its combat kept
   * for them. `happened`: whether the removal reached the server (a tab that closes at once can
   * lose its request on the way, and then nothing was removed).
   */
  removals: Array<{ what: string; tokens: string[]; holds: string[]; clocks?: Array<{ token: string; condition: string; effects: string[] }>; happened: () => boolean }>;
  advances: Array<{ combatId: string; ended: number; processedBefore: number }>;
  requestsPosted: number;
  /** What the step's own calls threw or rejected with: an exception escaping to the caller. */
  errors: unknown[];
  /** The harness's own timed moves (a tab closing some moments in): the step lasts until they are done. */
  tasks: Array<Promise<unknown>>;
  /** How many server requests had been made when the step began. */
  writesAtStart: number;
}

export function emptyLog(): StepLog {
  return { forged: [], corrections: [], removals: [], advances: [], requestsPosted: 0, errors: [], tasks: [], writesAtStart: 0 };
}

/** Watches a call a step made: a rejection is an exception that escaped. */
function watch(log: StepLog, p: Promise<unknown>): void {
  p.catch((e: unknown) => log.errors.push(e));
}

// ---------------------------------------------------------------------------------------------
// Reading the evening.

function liveTokens(ev: Evening): FakeToken[] {
  return ev.tokens.filter((t) => t.exists);
}

function at<T>(list: readonly T[], i: number): T | undefined {
  return list.length === 0 ? undefined : list[((i % list.length) + list.length) % list.length];
}

/** The module's chat cards of one kind, oldest first. */
export function cardsOf(ev: Evening, kind: "card" | "roundCard" | "strike" | "request"): FakeChatMessage[] {
  return ev.world.messages.filter((m) => m.getFlag(M, kind) !== undefined);
}

export function holdHalves(ev: Evening): Array<{ token: FakeToken | null; effect: FakeEffect }> {
  const out: Array<{ token: FakeToken | null; effect: FakeEffect }> = [];
  const seen = new Set<string>();
  for (const t of liveTokens(ev)) {
    const a = t.actor;
    if (seen.has(a.uuid)) continue;
    seen.add(a.uuid);
    for (const e of a.effects) if (e.getFlag(M, "hold")) out.push({ token: t, effect: e });
  }
  for (const a of ev.world.actors) {
    if (seen.has(a.uuid)) continue;
    seen.add(a.uuid);
    for (const e of a.effects) if (e.getFlag(M, "hold")) out.push({ token: null, effect: e });
  }
  return out;
}

function owned(ev: Evening, slot: TabSlot): number[] {
  if (slot === "gmA" || slot === "gmB") return ev.tokens.map((_, i) => i);
  const user = ev.userOf(slot);
  return ev.tokens.map((t, i) => [t, i] as const).filter(([t]) => t.baseActor.testUserPermission(user, "OWNER")).map(([, i]) => i);
}

// ---------------------------------------------------------------------------------------------
// Making steps.

function declaredFor(list: readonly Situational[], rng: Prng): Record<string, boolean | number | string> {
  const out: Record<string, boolean | number | string> = {};
  for (const s of list) {
    if (s.by === "defender" || !rng.chance(s.key === "toHitBonus" ? 0.6 : 0.25)) continue;
    if (s.kind === "flag") out[s.key] = rng.chance(0.5);
    // A bonus to hit is mostly a help (a held or surprised foe, a good position): more holds made.
    else if (s.kind === "number" && s.key === "toHitBonus") out[s.key] = rng.int(Math.max(s.min, -2), Math.min(s.max, 8));
    else if (s.kind === "number") out[s.key] = rng.int(Math.max(s.min, -3), Math.min(s.max, 3) >= Math.max(s.min, -3) ? Math.min(s.max, 3) : s.max);
    else out[s.key] = rng.pick(s.choices);
  }
  return out;
}

function someSlot(ev: Evening, rng: Prng, gmShare = 0.4): TabSlot {
  const players = [...ev.tabs.keys()].filter((s) => s.startsWith("p"));
  const gms = [...ev.tabs.keys()].filter((s) => s.startsWith("gm"));
  if (gms.length > 0 && (players.length === 0 || rng.chance(gmShare))) return rng.pick(gms);
  if (players.length > 0) return rng.pick(players);
  return rng.pick(["gmA", "gmB"] as const);
}

/** An action worth trying for this attacker now: follow-ups where it holds or is held. */
function actionFor(ev: Evening, attacker: number, rng: Prng): ShellAction {
  const variant = RULES_VARIANTS[ev.config.variant];
  const actions = variant?.actions ?? [];
  const token = ev.tokens[attacker];
  const inHold = token ? holdHalves(ev).some((h) => h.token === token) : false;
  const follow = actions.filter((a) => ["breakFree", "release", "counterGrapple", "liftOff", "overbear", "attackIntoGrapple", "coupDeGrace"].includes(a));
  if (inHold && follow.length > 0 && rng.chance(0.6)) return rng.pick(follow);
  const openers = actions.filter((a) => ["grapple", "pummel", "overbear", "chargingOverbear", "subdue"].includes(a));
  if (actions.includes("grapple") && rng.chance(0.35)) return "grapple";
  return rng.chance(0.7) && openers.length > 0 ? rng.pick(openers) : rng.pick(actions);
}

function actStep(ev: Evening, rng: Prng, by = someSlot(ev, rng)): Step {
  const mine = owned(ev, by);
  const attacker = mine.length > 0 ? rng.pick(mine) : rng.int(0, ev.tokens.length - 1);
  // Mostly the creature it holds or is held by, or one near it; now and then any.
  const token = ev.tokens[attacker];
  const partners = holdHalves(ev)
    .filter((h) => h.token === token)
    .flatMap((h) => {
      const r = (h.effect.getFlag(M, "hold") as { record: { heldId: string; holderId: string } }).record;
      return [r.heldId, r.holderId];
    })
    .map((uuid) => ev.tokens.findIndex((t) => t.uuid === uuid))
    .filter((i) => i >= 0 && i !== attacker);
  let defender = partners.length > 0 && rng.chance(0.6) ? rng.pick(partners) : rng.int(0, ev.tokens.length - 1);
  if (defender === attacker && rng.chance(0.9)) defender = (attacker + 1) % ev.tokens.length;
  const action = actionFor(ev, attacker, rng);
  const variant = RULES_VARIANTS[ev.config.variant];
  const declared = variant ? declaredFor(variant.situational(action), rng) : {};
  const via: Via = rng.weighted([["api", 5], ["hud", 3], ["menu", 2]] as const);
  return { kind: "act", by, via, action, attacker, defender, declared };
}

function quickStep(ev: Evening, rng: Prng): Step {
  const r = rng.next();
  if (r < 0.55) return actStep(ev, rng);
  if (r < 0.75) return { kind: "round", by: rng.pick(["gmA", "gmB"] as const), combat: rng.int(0, 9), delta: rng.chance(0.85) ? 1 : -1 };
  if (r < 0.9) return { kind: "button", by: someSlot(ev, rng, 0.6), card: rng.int(0, 999), button: rng.pick(["apply", "undo", "breakFree", "release", "overbear"] as const), stale: rng.chance(0.3) };
  return { kind: "delete", by: "gmA", what: rng.weighted([["token", 2], ["combatant", 2], ["combat", 1], ["half", 2]] as const), index: rng.int(0, 999) };
}

/** The next step of an evening, chosen with an eye on what is in play. */
export function nextStep(ev: Evening, rng: Prng): Step {
  return nextStepOf(ev, rng, true);
}

function nextStepOf(ev: Evening, rng: Prng, tabMoves: boolean): Step {
  const gmHere = ev.gmTabs().length > 0;
  if (!gmHere && tabMoves && rng.chance(0.35)) return { kind: "gmBack", tabs: rng.chance(0.6) ? 2 : 1 };
  const strikes = cardsOf(ev, "strike").length;
  const cards = cardsOf(ev, "card").length + cardsOf(ev, "roundCard").length;
  const weights: Array<readonly [string, number]> = [
    ["act", 30],
    ["forge", 7],
    ["answer", strikes > 0 ? 10 : 0],
    ["button", cards > 0 ? 10 : 0],
    ["correct", cards > 0 ? 2 : 0],
    ["round", ev.combats.length > 0 ? 10 : 0],
    ["delete", 4],
    ["newCombat", ev.world.combats.size === 0 ? 4 : 0.5],
    ["spawn", liveTokens(ev).length < 5 ? 4 : 0.5],
    ["reload", tabMoves ? 7 : 0],
    ["gmAway", gmHere && tabMoves ? 1 : 0],
    ["together", 8],
    ["automation", 1],
    ["ruleOption", 1],
    ["profile", 1],
  ];
  const kind = rng.weighted(weights);
  switch (kind) {
    case "act":
      return actStep(ev, rng);
    case "forge": {
      const players = [...ev.tabs.keys()].filter((s) => s.startsWith("p"));
      const by: TabSlot = players.length > 0 ? rng.pick(players) : "p0";
      const how = rng.pick(["othersToken", "defenderAnswer", "outOfRange", "unknownKey", "noSuchAction", "garbage", "replayOthers", "staleAnswer", "goneToken", "refusedState"] as const);
      return { kind: "forge", by, how, attacker: rng.int(0, 999), defender: rng.int(0, 999), pick: rng.int(0, 999) };
    }
    case "answer":
      return { kind: "answer", by: someSlot(ev, rng, 0.3), card: rng.int(0, 999), choice: rng.int(0, 9) };
    case "button":
      return { kind: "button", by: someSlot(ev, rng, 0.6), card: rng.int(0, 999), button: rng.pick(["apply", "undo", "breakFree", "release", "overbear", "cancel", "ledger"] as const), stale: rng.chance(0.3) };
    case "correct":
      return { kind: "correct", by: rng.pick(["gmA", "gmB"] as const), card: rng.int(0, 999), row: rng.int(0, 9), value: rng.int(0, 12) };
    case "round":
      return { kind: "round", by: rng.pick(["gmA", "gmB"] as const), combat: rng.int(0, 9), delta: rng.chance(0.85) ? 1 : -1 };
    case "delete":
      return { kind: "delete", by: rng.chance(0.7) ? "gmA" : someSlot(ev, rng, 0.5), what: rng.weighted([["token", 2], ["combatant", 2], ["combat", 1], ["half", 3]] as const), index: rng.int(0, 999) };
    case "newCombat": {
      const live = ev.tokens.map((t, i) => [t, i] as const).filter(([t]) => t.exists).map(([, i]) => i);
      return { kind: "newCombat", creatures: live.filter(() => rng.chance(0.8)) };
    }
    case "spawn":
      return { kind: "spawn", creature: rng.int(0, ev.config.creatures.length - 1), x: rng.int(0, 4) * 100 };
    case "reload": {
      const slot: TabSlot = rng.chance(0.75) ? rng.pick(["gmA", "gmB"] as const) : someSlot(ev, rng, 0);
      // Mostly one quick thing under way; now and then several, or any step the evening might take.
      const during = rng.weighted<() => Step | null>([
        [() => quickStep(ev, rng), 6],
        [() => ({ kind: "together", steps: [quickStep(ev, rng), quickStep(ev, rng)] }), 2],
        [() => nextStepOf(ev, rng, false), 1],
        [() => null, 1],
      ])();
      return { kind: "reload", slot, ticks: rng.int(0, 16), inFlight: rng.chance(0.5) ? "lost" : "applied", during };
    }
    case "gmAway":
      return { kind: "gmAway", inFlight: rng.chance(0.5) ? "lost" : "applied" };
    case "together": {
      const n = rng.int(2, 3);
      const steps: Step[] = [];
      for (let i = 0; i < n; i++) steps.push(quickStep(ev, rng));
      return { kind: "together", steps };
    }
    case "automation":
      return { kind: "automation", value: rng.weighted([["automatic", 3], ["confirm", 2], ["manual", 1]] as const) };
    case "ruleOption":
      return { kind: "ruleOption", by: rng.pick(["gmA", "gmB"] as const), option: rng.int(0, 999), pick: rng.int(0, 999) };
    default:
      return { kind: "profile", by: someSlot(ev, rng, 0.2), creature: rng.int(0, 999), field: rng.int(0, 999), value: rng.int(-5, 30) };
  }
}

// ---------------------------------------------------------------------------------------------
// Carrying steps out.

/**
 * Runs `fn` on the tab in `slot`, if it is open; what it starts is watched. `foundry`: the call
 * is Foundry's own (a round advanced, a token deleted), whose refusal (a combat deleted a moment
 * before) Foundry reports itself; only the module's calls must never throw.
 */
function onTab(ev: Evening, slot: TabSlot, log: StepLog, fn: (tab: Tab) => unknown, foundry = false): void {
  const tab = ev.tabs.get(slot);
  if (!tab) return;
  const started = tab.client.run(() => {
    try {
      return Promise.resolve(foundry ? ev.world.byHand(() => fn(tab)) : fn(tab));
    } catch (e) {
      return Promise.reject(e);
    }
  });
  if (foundry) started.catch(() => undefined);
  else watch(log, started);
}

type Api = { act(intent: unknown): Promise<unknown> };
const apiOf = () => (game.modules.get(M) as unknown as { api: Api }).api;

/** The card as the tab renders it: its content, with the module's buttons bound. */
function render(tab: Tab, message: FakeChatMessage, html: string): HTMLElement {
  const el = document.createElement("li");
  el.innerHTML = html;
  tab.shell.bindCard(message as never, el);
  return el;
}

function target(tab: Tab, token: FakeToken): void {
  tab.user.targets.clear();
  tab.user.targets.add(token.object);
}

function act(ev: Evening, step: Extract<Step, { kind: "act" }>, log: StepLog): void {
  const attacker = at(ev.tokens, step.attacker);
  const defender = at(ev.tokens, step.defender);
  if (!attacker || !defender) return;
  const tab = ev.tabs.get(step.by);
  if (tab && !tab.user.isGM) log.requestsPosted++;
  // The dialog (HUD and menu) is filled in with the step's circumstances, then rolled.
  ev.world.onDialog = async (d) => {
    for (const [key, value] of Object.entries(step.declared)) {
      const el = d.form.elements.namedItem(key);
      if (el instanceof HTMLInputElement) {
        if (el.type === "checkbox") el.checked = value === true;
        else el.value = String(value);
      } else if (el instanceof HTMLSelectElement) el.value = String(value);
    }
    return d.press(d.config.buttons[0]?.action ?? "");
  };
  onTab(ev, step.by, log, (t) => {
    if (step.via === "api" || !attacker.exists) return apiOf().act({ action: step.action, attackerUuid: attacker.uuid, defenderUuid: defender.uuid, declared: step.declared });
    target(t, defender);
    if (step.via === "menu") {
      const combat = t.client.ui.combat.viewed;
      const combatant = combat?.combatants.find((c) => c.token === attacker);
      if (combat && combatant) {
        const menu = t.client.ui.combat.contextMenu(combatant.id);
        const label = `WC.Action.${step.action}`;
        if (menu.labels.includes(label)) return menu.pick(label);
        return undefined;
      }
    }
    t.client.renderTokenHUD(attacker).querySelector<HTMLButtonElement>(`[data-wc-action="${step.action}"]`)?.click();
    return undefined;
  });
}

/** Request cards seen so far, by their author, for copies. */
function requestFlagsSeen(ev: Evening): Array<{ author: string; request: unknown }> {
  return ev.seenRequests;
}

function forge(ev: Evening, step: Extract<Step, { kind: "forge" }>, log: StepLog): void {
  const tab = ev.tabs.get(step.by);
  if (!tab) return;
  const variant = RULES_VARIANTS[ev.config.variant];
  const mine = owned(ev, step.by);
  const notMine = ev.tokens.map((_, i) => i).filter((i) => !mine.includes(i));
  const own = at(ev.tokens, at(mine, step.attacker) ?? step.attacker) as FakeToken;
  const other = at(ev.tokens, step.defender) as FakeToken;
  const defender = other === own ? (at(ev.tokens, step.defender + 1) as FakeToken) : other;
  const intent = (action: string, attacker: FakeToken, declared: Record<string, unknown> = {}) => ({ action, attackerUuid: attacker.uuid, defenderUuid: defender.uuid, declared });
  const action = variant?.actions[step.pick % (variant?.actions.length ?? 1)] ?? "grapple";
  let request: unknown;
  switch (step.how) {
    case "othersToken": {
      const theirs = at(ev.tokens, at(notMine, step.attacker) ?? -1);
      if (!theirs) return;
      request = { intent: intent(action, theirs), state: "pending", dice: [[20, 20]], result: { kind: "hold" } };
      break;
    }
    case "defenderAnswer": {
      const withAnswer = (variant?.actions ?? []).map((a) => [a, variant?.situational(a).find((s) => s.by === "defender")] as const).filter(([, s]) => s !== undefined);
      const pair = at(withAnswer, step.pick);
      if (!pair || !pair[1] || pair[1].kind !== "choice") return;
      request = { intent: intent(pair[0], own, { [pair[1].key]: pair[1].choices[0] }), state: "pending" };
      break;
    }
    case "outOfRange": {
      const numbered = (variant?.actions ?? []).flatMap((a) => (variant?.situational(a) ?? []).filter((s) => s.kind === "number").map((s) => [a, s] as const));
      const pair = at(numbered, step.pick);
      if (!pair || pair[1].kind !== "number") return;
      request = { intent: intent(pair[0], own, { [pair[1].key]: pair[1].max + 1 + (step.pick % 50) }), state: "pending" };
      break;
    }
    case "unknownKey":
      request = { intent: intent(action, own, { autoHit: true }), state: "pending" };
      break;
    case "noSuchAction":
      request = { intent: intent(step.pick % 2 === 0 ? "fireball" : (["liftOff", "deathBlow", "subdue", "chargingOverbear"].find((a) => !variant?.actions.includes(a as ShellAction)) ?? "fireball"), own), state: "pending" };
      break;
    case "garbage":
      request = [{ intent: null, state: "pending" }, { intent: "grapple everyone", state: "pending" }, { intent: { action, attackerUuid: 42, defenderUuid: defender.uuid }, state: "pending" }, { intent: intent(action, own), state: "pending", answers: { strikeId: "nope", choice: "hit" } }][step.pick % 4];
      break;
    case "replayOthers": {
      const others = requestFlagsSeen(ev).filter((r) => r.author !== tab.user.id && r.request && typeof r.request === "object");
      const copy = at(others, step.pick);
      if (!copy) return;
      const r = copy.request as { intent?: { attackerUuid?: string; defenderUuid?: string }; answers?: unknown };
      // A copy is a forgery when its creature is not this player's: the one acting, or, for an
      // answer to a question, the defender whose owner answers.
      const actor = ev.tokens.find((t) => t.uuid === (r.answers ? r.intent?.defenderUuid : r.intent?.attackerUuid));
      if (!actor || actor.baseActor.testUserPermission(tab.user, "OWNER")) return;
      request = { ...(copy.request as object), state: "pending" };
      break;
    }
    case "staleAnswer": {
      const gone = ev.answeredStrikes;
      const strike = at(gone, step.pick);
      if (!strike) return;
      request = { intent: strike.intent, state: "pending", answers: { strikeId: strike.id, choice: strike.choice } };
      break;
    }
    case "goneToken": {
      const gone = ev.tokens.filter((t) => !t.exists);
      const g = at(gone, step.pick);
      if (!g) return;
      request = { intent: intent(action, g), state: "pending" };
      break;
    }
    case "refusedState":
      request = { intent: intent(action, own), state: "refused", outcome: { kind: "refused", key: "WC.Refuse.stale", params: {} } };
      break;
  }
  log.requestsPosted++;
  onTab(ev, step.by, log, async () => {
    const m = (await ChatMessage.create({ content: "", whisper: [ev.gm.id, tab.user.id], flags: { [M]: { request } } } as never)) as unknown as FakeChatMessage;
    log.forged.push(m.id);
  });
}

function answer(ev: Evening, step: Extract<Step, { kind: "answer" }>, log: StepLog): void {
  const strikes = cardsOf(ev, "strike");
  const message = at(strikes, step.card);
  if (!message) return;
  onTab(ev, step.by, log, (tab) => {
    const el = render(tab, message, message.content);
    const buttons = [...el.querySelectorAll<HTMLButtonElement>("[data-wc-strike]")];
    const button = at(buttons, step.choice);
    if (!tab.user.isGM) log.requestsPosted++;
    button?.click();
  });
}

function button(ev: Evening, step: Extract<Step, { kind: "button" }>, log: StepLog): void {
  const cards = [...cardsOf(ev, "card"), ...cardsOf(ev, "roundCard"), ...cardsOf(ev, "request")];
  const message = at(cards, step.card);
  if (!message) return;
  // A stale view: the first render the harness saw of this card, with the buttons it had then.
  const html = step.stale ? (ev.firstRender.get(message.id) ?? message.content) : message.content;
  onTab(ev, step.by, log, (tab) => {
    const el = render(tab, message, html);
    const action = step.button === "cancel" ? '[data-wc-request-action="cancel"]' : `[data-wc-action="${step.button}"]`;
    // The button named, if the card shows it; else, most often, one the card does show.
    const shown = [...el.querySelectorAll<HTMLButtonElement>("[data-wc-action], [data-wc-request-action]")].filter((x) => x.dataset.wcAction !== "ledger");
    const b = el.querySelector<HTMLButtonElement>(action) ?? (step.card % 4 !== 0 ? at(shown, step.card) : null);
    if (!b) return;
    const name = b.dataset.wcAction ?? b.dataset.wcRequestAction ?? "";
    if (!tab.user.isGM && ["breakFree", "release", "overbear"].includes(name)) log.requestsPosted++;
    if (name === "ledger") ev.world.onDialog = async (d) => d.press("cancel");
    b.click();
  });
}

function correct(ev: Evening, step: Extract<Step, { kind: "correct" }>, log: StepLog): void {
  const cards = [...cardsOf(ev, "card"), ...cardsOf(ev, "roundCard")];
  const message = at(cards, step.card);
  if (!message) return;
  ev.world.onDialog = async (d) => {
    const inputs = [...d.form.querySelectorAll<HTMLInputElement>('input[name^="temporary."]')];
    const input = at(inputs, step.row);
    if (input) {
      input.value = String(step.value);
      log.corrections.push({ tokenUuid: input.name.slice("temporary.".length), value: step.value });
    }
    return d.press("save");
  };
  onTab(ev, step.by, log, (tab) => {
    render(tab, message, message.content).querySelector<HTMLButtonElement>('[data-wc-action="ledger"]')?.click();
  });
}

function combatAt(ev: Evening, i: number): FakeCombat | undefined {
  return at(ev.combats.filter((c) => ev.world.combats.has(c.id)), i);
}

function round(ev: Evening, step: Extract<Step, { kind: "round" }>, log: StepLog): void {
  const combat = combatAt(ev, step.combat);
  if (!combat) return;
  const next = combat.round + step.delta;
  if (next < 1) return;
  const processed = (combat.flags[M] as { processedRound?: number } | undefined)?.processedRound ?? 0;
  if (step.delta === 1 && ev.tabs.has(step.by)) log.advances.push({ combatId: combat.id, ended: combat.round, processedBefore: processed });
  onTab(ev, step.by, log, () => combat.update({ round: next, turn: 0 }, { direction: step.delta }), true);
}

/** The hold records that involve these tokens now. */
function holdsOf(ev: Evening, tokens: readonly string[]): string[] {
  const set = new Set(tokens);
  return [
    ...new Set(
      holdHalves(ev)
        .map((h) => (h.effect.getFlag(M, "hold") as { record: { id: string; heldId: string; holderId: string } }).record)
        .filter((r) => set.has(r.heldId) || set.has(r.holderId))
        .map((r) => r.id),
    ),
  ];
}

/** The clocks (timed conditions) combats keep for these tokens: in `combat`, or in any. */
function clocksOf(ev: Evening, tokens: readonly string[], combat?: FakeCombat): Array<{ token: string; condition: string; effects: string[] }> {
  const set = new Set(tokens);
  // The module's effects of that condition on the creature at that moment (one made later is not the clock's).
  const effects = (uuid: string, condition: string) => {
    const t = ev.tokens.find((x) => x.uuid === uuid);
    return t ? t.actor.effects.filter((e) => e.getFlag(M, "condition") === condition).map((e) => e.id) : [];
  };
  return (combat ? [combat] : ev.world.combats.contents).flatMap((c) =>
    ((c.flags[M] as { timers?: Array<{ id: string; condition: string }> } | undefined)?.timers ?? []).filter((x) => set.has(x.id)).map((x) => ({ token: x.id, condition: x.condition, effects: effects(x.id, x.condition) })),
  );
}

function remove(ev: Evening, step: Extract<Step, { kind: "delete" }>, log: StepLog): void {
  const tab = ev.tabs.get(step.by);
  if (!tab) return;
  if (step.what === "half") {
    const halves = holdHalves(ev).filter((h) => tab.user.isGM || (h.token?.baseActor.testUserPermission(tab.user, "OWNER") ?? false));
    const half = at(halves, step.index);
    if (!half) return;
    const record = (half.effect.getFlag(M, "hold") as { record: { id: string } }).record;
    log.removals.push({ what: "half", tokens: [], holds: [record.id], happened: () => !half.effect.parent.effects.has(half.effect.id) });
    onTab(ev, step.by, log, () => half.effect.delete(), true);
    return;
  }
  if (!tab.user.isGM) return;
  if (step.what === "token") {
    const token = at(liveTokens(ev), step.index);
    if (!token) return;
    log.removals.push({ what: "token", tokens: [token.uuid], holds: holdsOf(ev, [token.uuid]), clocks: clocksOf(ev, [token.uuid]), happened: () => !token.exists });
    onTab(ev, step.by, log, () => token.delete(), true);
  } else if (step.what === "combatant") {
    const live = ev.combats.filter((c) => ev.world.combats.has(c.id)).flatMap((c) => c.combatants.contents);
    const combatant = at(
      live.filter((c) => c.token !== null),
      step.index,
    );
    if (!combatant?.token) return;
    const uuid = combatant.token.uuid;
    log.removals.push({ what: "combatant", tokens: [uuid], holds: holdsOf(ev, [uuid]), clocks: clocksOf(ev, [uuid], combatant.parent), happened: () => !combatant.parent.combatants.has(combatant.id) || !ev.world.combats.has(combatant.parent.id) });
    onTab(ev, step.by, log, () => combatant.delete(), true);
  } else {
    const combat = combatAt(ev, step.index);
    if (!combat) return;
    const tokens = combat.combatants.map((c) => c.token?.uuid).filter((u): u is string => u !== undefined);
    log.removals.push({ what: "combat", tokens, holds: holdsOf(ev, tokens), clocks: clocksOf(ev, tokens, combat), happened: () => !ev.world.combats.has(combat.id) });
    onTab(ev, step.by, log, () => combat.delete(), true);
  }
}

async function reload(ev: Evening, step: Extract<Step, { kind: "reload" }>, log: StepLog): Promise<void> {
  if (step.during) start(ev, step.during, log);
  for (let i = 0; i < step.ticks; i++) await new Promise((r) => setImmediate(r));
  if (!ev.tabs.has(step.slot)) return;
  ev.closeTab(step.slot, step.inFlight);
  ev.openTab(step.slot);
}

function profile(ev: Evening, step: Extract<Step, { kind: "profile" }>, log: StepLog): void {
  const variant = RULES_VARIANTS[ev.config.variant];
  const token = at(ev.tokens.filter((t, i) => t.exists && owned(ev, step.by).includes(i)), step.creature);
  const fields = (variant?.profileFields ?? []).filter((f) => f.kind === "int");
  const field = at(fields, step.field);
  if (!token || !field) return;
  ev.world.onDialog = async (d) => {
    const el = d.form.elements.namedItem(field.path);
    if (el instanceof HTMLInputElement) el.value = String(step.value);
    return d.press("save");
  };
  onTab(ev, step.by, log, (tab) => tab.shell.openProfileForm(token.actor as never));
}

function ruleOption(ev: Evening, step: Extract<Step, { kind: "ruleOption" }>, log: StepLog): void {
  onTab(ev, step.by, log, async (tab) => {
    await tab.shell.openRuleOptions();
    const w = tab.client.windows.find((x) => x.id === `${M}-rule-options`);
    const form = w?.element;
    if (!w || !(form instanceof HTMLFormElement)) return;
    const boxes = [...form.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    const selects = [...form.querySelectorAll<HTMLSelectElement>("select")];
    const all: Array<HTMLInputElement | HTMLSelectElement> = [...boxes, ...selects];
    const el = at(all, step.option);
    if (el instanceof HTMLInputElement) el.checked = !el.checked;
    else if (el instanceof HTMLSelectElement && el.options.length > 0) el.selectedIndex = step.pick % el.options.length;
    await w.submit();
    await w.close();
  });
}

/** Starts a step; what it sets going runs on while the next one starts (`together`, `reload`). */
export function start(ev: Evening, step: Step, log: StepLog): void {
  switch (step.kind) {
    case "act":
      return act(ev, step, log);
    case "forge":
      return forge(ev, step, log);
    case "answer":
      return answer(ev, step, log);
    case "button":
      return button(ev, step, log);
    case "correct":
      return correct(ev, step, log);
    case "round":
      return round(ev, step, log);
    case "delete":
      return remove(ev, step, log);
    case "newCombat": {
      const tokens = step.creatures.map((i) => at(ev.tokens, i)).filter((t): t is FakeToken => t !== undefined && t.exists);
      if (tokens.length >= 2) ev.combats.push(ev.world.addCombat([...new Set(tokens)], 1));
      return;
    }
    case "spawn": {
      // Another token of one of the GM's unlinked creatures (another goblin from the same actor).
      const base = at(
        ev.tokens.filter((t) => !t.actorLink && t.baseActor.ownership.default === undefined && Object.keys(t.baseActor.ownership).length === 0),
        step.creature,
      );
      if (!base) return;
      const scene = base.parent;
      ev.tokens.push(ev.world.addToken(scene, base.baseActor, { linked: false, x: step.x, y: 200, disposition: base.disposition, name: `${base.name} ${ev.tokens.length}` }));
      return;
    }
    case "reload":
      {
        const r = reload(ev, step, log);
        watch(log, r);
        log.tasks.push(r.catch(() => undefined));
      }
      return;
    case "gmAway":
      for (const slot of ["gmA", "gmB"] as const) ev.closeTab(slot, step.inFlight);
      return;
    case "gmBack":
      if (!ev.tabs.has("gmA")) ev.openTab("gmA");
      if (step.tabs === 2 && !ev.tabs.has("gmB")) ev.openTab("gmB");
      return;
    case "together":
      for (const s of step.steps) start(ev, s, log);
      return;
    case "automation":
      onTab(ev, ev.tabs.has("gmA") ? "gmA" : "gmB", log, () => game.settings.set(M, "automation", step.value), true);
      return;
    case "profile":
      return profile(ev, step, log);
    case "ruleOption":
      return ruleOption(ev, step, log);
  }
}

/** A short description of a step, for a reproduction. */
export function describe(step: Step): string {
  return JSON.stringify(step);
}
