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
import { GM_SLOTS, M } from "./evening.ts";
import type { Prng } from "./prng.ts";
import { stableId } from "../../src/foundry/base/ids.ts";
import { roundCardId } from "../../src/foundry/gm/round-end.ts";

/**
 * A GM's card of the module found by what it records (its request, its round): the module's cards
 * take fresh ids (issue 33), so a card is never found by an id worked out beforehand.
 */
export function gmCardIn(ev: Evening, flag: string, match: (stored: Record<string, unknown>) => boolean): FakeChatMessage | undefined {
  const all = ev.world.messages.contents;
  for (let i = all.length - 1; i >= 0; i--) {
    const m = all[i];
    const v = m?.getFlag(M, flag) as Record<string, unknown> | undefined;
    if (m && m.author.isGM && v && typeof v === "object" && match(v)) return m;
  }
  return undefined;
}

export type Via = "api" | "hud" | "menu";
export type CardButton = "apply" | "undo" | "breakFree" | "release" | "overbear" | "cancel" | "ledger";
export type Forgery = "othersToken" | "defenderAnswer" | "outOfRange" | "unknownKey" | "noSuchAction" | "garbage" | "replayOthers" | "staleAnswer" | "goneToken" | "refusedState" | "oversized";

/**
 * What a player can do from their own browser's console besides requests: make or edit their own
 * messages with the module's card flags (any kind, any state), take an id the GM's tab means to
 * use, tamper with their own creature's hold half (remove it, with the module's own option too,
 * switch it off, rewrite its record, point its twin elsewhere, strip its flags) or make one, store
 * values no creature can have in their own profile, and take their own creature out of the fight.
 */
export type Cheat =
  | "cardApplying"
  | "cardUndoing"
  | "cardPending"
  | "roundApplying"
  | "massApplying"
  | "mapApplying"
  | "strikeAnswered"
  | "editIntoCard"
  | "squatRound"
  | "squatCard"
  | "halfDelete"
  | "halfDeletePaired"
  | "halfDisable"
  | "halfRecord"
  | "halfTwin"
  | "halfStrip"
  | "halfRemake"
  | "halfCombat"
  | "halfForge"
  | "poisonProfile"
  | "leaveCombat"
  // Issue 33: the own half removed and the own combatant taken out at once; the half's id taken
  // again from the player's own hook each time it is removed; the half's fields rewritten one by
  // one; a hold on itself (two halves on the player's own creature in one request).
  | "halfDeleteLeave"
  | "halfResquat"
  | "halfFields"
  | "holdOnItself"
  // The hold flag taken off the own half instead of deleting it, then (or at once) the own
  // combatant removed; the player's own deleteChatMessage hook making each of their messages the
  // GM's tab removes again at its id (the request it answered, the round card's old id); a flood of
  // request cards backdated before everything waiting.
  | "halfStripLeave"
  | "chatResquat"
  | "flood";

export const CHEATS: readonly Cheat[] = ["cardApplying", "cardUndoing", "cardPending", "roundApplying", "massApplying", "mapApplying", "strikeAnswered", "editIntoCard", "squatRound", "squatCard", "halfDelete", "halfDeletePaired", "halfDisable", "halfRecord", "halfTwin", "halfStrip", "halfRemake", "halfCombat", "halfForge", "poisonProfile", "leaveCombat", "halfDeleteLeave", "halfResquat", "halfFields", "holdOnItself", "halfStripLeave", "chatResquat", "flood"];

/** Cheats that must leave the world as it was (when nothing else is under way): every card forged, every id taken. */
export const CHANGES_NOTHING: ReadonlySet<Cheat> = new Set<Cheat>(["cardApplying", "cardUndoing", "cardPending", "roundApplying", "massApplying", "mapApplying", "strikeAnswered", "editIntoCard", "squatRound", "halfForge", "holdOnItself"]);
/** Cheats on a hold half: the holds must be as they were once the GM's tab has seen them. */
export const HALF_CHEATS: ReadonlySet<Cheat> = new Set<Cheat>(["halfDelete", "halfDeletePaired", "halfDisable", "halfRecord", "halfTwin", "halfStrip", "halfRemake", "halfCombat", "halfForge", "halfResquat", "halfFields", "holdOnItself"]);
/**
 * Cheats that take the player's creature out of its fight: the holds must be as they were once the
 * GM's tab has seen it, unless the GM, asked, let it leave (the step's log says so).
 */
export const LEAVE_CHEATS: ReadonlySet<Cheat> = new Set<Cheat>(["leaveCombat", "halfDeleteLeave", "halfStripLeave"]);
/** How many request cards one player may have waiting at once (issue 33, finding 8: "the three-waiting cap"; docs/security.md). */
export const WAITING_CAP = 3;

export type Step =
  /** Someone acts: a player with a creature (their own, or, forged at the door, another's), or the GM. */
  | { readonly kind: "act"; readonly by: TabSlot; readonly via: Via; readonly action: ShellAction; readonly attacker: number; readonly defender: number; readonly declared: Readonly<Record<string, boolean | number | string>> }
  /** A player writes a request card by hand (or copies one): the GM must refuse it. */
  | { readonly kind: "forge"; readonly by: TabSlot; readonly how: Forgery; readonly attacker: number; readonly defender: number; readonly pick: number }
  /** A player cheats from the console: forged cards, ids taken, their hold halves tampered with, a poisoned profile, leaving the fight. */
  | { readonly kind: "cheat"; readonly by: TabSlot; readonly how: Cheat; readonly target: number; readonly pick: number }
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
  | { readonly kind: "profile"; readonly by: TabSlot; readonly creature: number; readonly field: number; readonly value: number }
  /** Issue 33: a player's creature acts on one out of its reach, or on one the GM hid, from one way in. */
  | { readonly kind: "reach"; readonly by: TabSlot; readonly via: ReachVia; readonly what: "far" | "hidden"; readonly attacker: number; readonly defender: number; readonly action: number };

/** Every way in: a request card posted by hand, the API, the token HUD, the tracker's menu, a macro. */
export type ReachVia = "request" | "api" | "hud" | "menu" | "macro";

/** What a step left for the checks: forged request cards, corrections, deletions, rounds advanced. */
export interface StepLog {
  forged: string[];
  /** Cards and squatters a player made by hand: no GM's write may follow from them. */
  forgedCards: string[];
  /** The cheats tried in this step (one that found nothing to work on is not). */
  cheats: Cheat[];
  /** The GM's corrections of temporary damage; `sentAt`/`by`: counted once a request of that user's reached the server after the save (one lost with its closing tab changed nothing). */
  corrections: Array<{ tokenUuid: string; value: number; sentAt?: number; by?: string }>;
  /**
   * What was removed, the holds then in place on its creatures, and the clocks its combat kept
   * for them. `happened`: whether the removal reached the server (a tab that closes at once can
   * lose its request on the way, and then nothing was removed).
   */
  removals: Array<{ what: string; tokens: string[]; holds: string[]; clocks?: Array<{ token: string; condition: string; effects: string[] }>; happened: () => boolean; fight?: { hook: string; holds: string[] } }>;
  advances: Array<{ combatId: string; ended: number; processedBefore: number }>;
  requestsPosted: number;
  /** What the step's own calls threw or rejected with: an exception escaping to the caller. */
  errors: unknown[];
  /** The harness's own timed moves (a tab closing some moments in): the step lasts until they are done. */
  tasks: Array<Promise<unknown>>;
  /** How many server requests had been made when the step began. */
  writesAtStart: number;
  /** The GM, asked about a combatant a player removed, let it leave (its holds may end). */
  gmLetGo: boolean;
  /** Floods of request cards a player posted at once: no more than WAITING_CAP of each may be answered. */
  floods: Array<{ by: string; ids: string[] }>;
  /** Attempts the one check must refuse (out of reach, a hidden target): no GM's card may name the pair after them. */
  unreached: Array<{ attackerUuid: string; defenderUuid: string; cardsBefore: ReadonlySet<string>; how: string; requestId?: string }>;
}

export function emptyLog(): StepLog {
  return { forged: [], forgedCards: [], cheats: [], corrections: [], removals: [], advances: [], requestsPosted: 0, errors: [], tasks: [], writesAtStart: 0, unreached: [], gmLetGo: false, floods: [] };
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
  if (slot.startsWith("gm")) return ev.tokens.map((_, i) => i);
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

/** A GM's tab slot: the GM's two, and the assistant's when the evening has one. */
function gmSlot(ev: Evening, rng: Prng): TabSlot {
  return rng.pick(ev.assistant ? GM_SLOTS : (["gmA", "gmB"] as const));
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

function actStep(ev: Evening, rng: Prng, by = someSlot(ev, rng)): Extract<Step, { kind: "act" }> {
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
  // Issue 33: an action reaches only a creature beside its own, so most aim at one there.
  const beside = token && token.exists ? ev.tokens.map((t, i) => [t, i] as const).filter(([t, i]) => i !== attacker && t.exists && t.parent === token.parent && squaresApart(token, t) === 0).map(([, i]) => i) : [];
  let defender = partners.length > 0 && rng.chance(0.6) ? rng.pick(partners) : beside.length > 0 && rng.chance(0.6) ? rng.pick(beside) : rng.int(0, ev.tokens.length - 1);
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
  if (r < 0.75) return { kind: "round", by: gmSlot(ev, rng), combat: rng.int(0, 9), delta: rng.chance(0.85) ? 1 : -1 };
  if (r < 0.9) return { kind: "button", by: someSlot(ev, rng, 0.6), card: rng.int(0, 999), button: rng.pick(["apply", "undo", "breakFree", "release", "overbear"] as const), stale: rng.chance(0.3) };
  return { kind: "delete", by: "gmA", what: rng.weighted([["token", 2], ["combatant", 2], ["combat", 1], ["half", 2]] as const), index: rng.int(0, 999) };
}

/** Whether a player's creature is in a hold now. */
function playersInHold(ev: Evening): boolean {
  return holdHalves(ev).some((h) => h.token !== null && Object.keys(h.token.baseActor.ownership).length > 0);
}

/**
 * Issue 33 (finding 17): the GM and the assistant GM act at once, each from their own browser,
 * while a player's request waits: one advances a round, the other grapples (or acts) from the
 * combat tracker's menu; now and then both act from the menu, or both advance.
 */
function twoGMs(ev: Evening, rng: Prng): Step {
  const gm: TabSlot = ev.tabs.has("gmA") && (!ev.tabs.has("gmB") || rng.chance(0.5)) ? "gmA" : "gmB";
  const [first, second] = rng.chance(0.5) ? ([gm, "gmC"] as const) : (["gmC", gm] as const);
  const players = [...ev.tabs.keys()].filter((x) => x.startsWith("p"));
  const waiting: Step[] = players.length > 0 ? [actStep(ev, rng, rng.pick(players))] : [];
  const menu = (by: TabSlot): Step => {
    const a = actStep(ev, rng, by);
    const variant = RULES_VARIANTS[ev.config.variant];
    return { ...a, via: "menu", action: variant?.actions.includes("grapple") && rng.chance(0.6) ? "grapple" : a.action };
  };
  const round = (by: TabSlot): Step => ({ kind: "round", by, combat: rng.int(0, 9), delta: 1 });
  const shape = rng.weighted([["roundAndMenu", 6], ["bothMenu", 2], ["bothRound", 1]] as const);
  const pair = shape === "roundAndMenu" ? [round(first), menu(second)] : shape === "bothMenu" ? [menu(first), menu(second)] : [round(first), round(second)];
  return { kind: "together", steps: [...waiting, ...pair] };
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
    ["reach", 5],
    // A player whose creature is in a hold cheats more often (the half cheats need one).
    ["cheat", playersInHold(ev) ? 16 : 7],
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
    ["twoGMs", ev.assistant && ev.tabs.has("gmC") && (ev.tabs.has("gmA") || ev.tabs.has("gmB")) ? 6 : 0],
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
      const how = rng.pick(["othersToken", "defenderAnswer", "outOfRange", "unknownKey", "noSuchAction", "garbage", "replayOthers", "staleAnswer", "goneToken", "refusedState", "oversized"] as const);
      return { kind: "forge", by, how, attacker: rng.int(0, 999), defender: rng.int(0, 999), pick: rng.int(0, 999) };
    }
    case "reach": {
      const players = [...ev.tabs.keys()].filter((x) => x.startsWith("p"));
      const by: TabSlot = players.length > 0 ? rng.pick(players) : "p0";
      return { kind: "reach", by, via: rng.pick(["request", "api", "hud", "menu", "macro"] as const), what: rng.chance(0.5) ? "far" : "hidden", attacker: rng.int(0, 999), defender: rng.int(0, 999), action: rng.int(0, 999) };
    }
    case "cheat": {
      const players = [...ev.tabs.keys()].filter((x) => x.startsWith("p"));
      const by: TabSlot = players.length > 0 ? rng.pick(players) : "p0";
      // A player whose creature is in a hold tampers with its half more often than not.
      const inHold = holdHalves(ev).some((h) => h.token !== null && owned(ev, by).includes(ev.tokens.indexOf(h.token)));
      const how = inHold && rng.chance(0.6) ? rng.pick([...HALF_CHEATS]) : rng.pick(CHEATS);
      return { kind: "cheat", by, how, target: rng.int(0, 999), pick: rng.int(0, 999) };
    }
    case "answer":
      return { kind: "answer", by: someSlot(ev, rng, 0.3), card: rng.int(0, 999), choice: rng.int(0, 9) };
    case "button":
      return { kind: "button", by: someSlot(ev, rng, 0.6), card: rng.int(0, 999), button: rng.pick(["apply", "undo", "breakFree", "release", "overbear", "cancel", "ledger"] as const), stale: rng.chance(0.3) };
    case "correct":
      return { kind: "correct", by: gmSlot(ev, rng), card: rng.int(0, 999), row: rng.int(0, 9), value: rng.int(0, 12) };
    case "round":
      return { kind: "round", by: gmSlot(ev, rng), combat: rng.int(0, 9), delta: rng.chance(0.85) ? 1 : -1 };
    case "delete":
      return { kind: "delete", by: rng.chance(0.7) ? "gmA" : someSlot(ev, rng, 0.5), what: rng.weighted([["token", 2], ["combatant", 2], ["combat", 1], ["half", 3]] as const), index: rng.int(0, 999) };
    case "newCombat": {
      const live = ev.tokens.map((t, i) => [t, i] as const).filter(([t]) => t.exists).map(([, i]) => i);
      return { kind: "newCombat", creatures: live.filter(() => rng.chance(0.8)) };
    }
    case "spawn":
      return { kind: "spawn", creature: rng.int(0, ev.config.creatures.length - 1), x: rng.int(0, 4) * 100 };
    case "reload": {
      const slot: TabSlot = rng.chance(0.75) ? gmSlot(ev, rng) : someSlot(ev, rng, 0);
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
    case "twoGMs":
      return twoGMs(ev, rng);
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
      request = { ask: { kind: "action", intent: intent(action, theirs) }, state: "pending", dice: [[20, 20]], result: { kind: "hold" } };
      break;
    }
    case "defenderAnswer": {
      const withAnswer = (variant?.actions ?? []).map((a) => [a, variant?.situational(a).find((s) => s.by === "defender")] as const).filter(([, s]) => s !== undefined);
      const pair = at(withAnswer, step.pick);
      if (!pair || !pair[1] || pair[1].kind !== "choice") return;
      request = { ask: { kind: "action", intent: intent(pair[0], own, { [pair[1].key]: pair[1].choices[0] }) }, state: "pending" };
      break;
    }
    case "outOfRange": {
      const numbered = (variant?.actions ?? []).flatMap((a) => (variant?.situational(a) ?? []).filter((s) => s.kind === "number").map((s) => [a, s] as const));
      const pair = at(numbered, step.pick);
      if (!pair || pair[1].kind !== "number") return;
      request = { ask: { kind: "action", intent: intent(pair[0], own, { [pair[1].key]: pair[1].max + 1 + (step.pick % 50) }) }, state: "pending" };
      break;
    }
    case "unknownKey":
      request = { ask: { kind: "action", intent: intent(action, own, { autoHit: true }) }, state: "pending" };
      break;
    case "noSuchAction":
      request = { ask: { kind: "action", intent: intent(step.pick % 2 === 0 ? "fireball" : (["liftOff", "deathBlow", "subdue", "chargingOverbear"].find((a) => !variant?.actions.includes(a as ShellAction)) ?? "fireball"), own) }, state: "pending" };
      break;
    case "garbage":
      request = [
        { ask: null, state: "pending" },
        { ask: { kind: "action", intent: "grapple everyone" }, state: "pending" },
        { ask: { kind: "action", intent: { action, attackerUuid: 42, defenderUuid: defender.uuid } }, state: "pending" },
        { ask: { kind: "answer", strikeId: "nope", choice: "hit" }, state: "pending" },
        { ask: { kind: "move", job: { moverUuid: own.uuid, to: "everywhere" } }, state: "pending" },
        { intent: intent(action, own), state: "pending" },
      ][step.pick % 6];
      break;
    case "replayOthers": {
      const others = requestFlagsSeen(ev).filter((r) => r.author !== tab.user.id && r.request && typeof r.request === "object");
      const copy = at(others, step.pick);
      if (!copy) return;
      const r = copy.request as { ask?: { kind?: string; intent?: { attackerUuid?: string }; strikeId?: string; job?: { moverUuid?: string } } };
      // A copy is a forgery when its creature is not this player's: the one acting or moving, or,
      // for an answer to a question, the defender whose owner answers.
      const strike = r.ask?.kind === "answer" ? ev.world.messages.get(r.ask.strikeId ?? "")?.getFlag(M, "strike") as { intent?: { defenderUuid?: string } } | undefined : undefined;
      const uuid = r.ask?.kind === "answer" ? strike?.intent?.defenderUuid : r.ask?.kind === "move" ? r.ask.job?.moverUuid : r.ask?.intent?.attackerUuid;
      const actor = ev.tokens.find((t) => t.uuid === uuid);
      if (!actor || actor.baseActor.testUserPermission(tab.user, "OWNER")) return;
      request = { ...(copy.request as object), state: "pending" };
      break;
    }
    case "staleAnswer": {
      const gone = ev.answeredStrikes;
      const strike = at(gone, step.pick);
      if (!strike) return;
      request = { ask: { kind: "answer", strikeId: strike.id, choice: strike.choice }, state: "pending" };
      break;
    }
    case "goneToken": {
      const gone = ev.tokens.filter((t) => !t.exists);
      const g = at(gone, step.pick);
      if (!g) return;
      request = { ask: { kind: "action", intent: intent(action, g) }, state: "pending" };
      break;
    }
    case "refusedState":
      request = { ask: { kind: "action", intent: intent(action, own) }, state: "refused", outcome: { kind: "refused", key: "WC.Refuse.stale", params: {} } };
      break;
    case "oversized":
      request = { ask: { kind: "action", intent: intent(action, own, Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`k${i}`, "x".repeat(30)]))) }, state: "pending" };
      break;
  }
  log.requestsPosted++;
  onTab(ev, step.by, log, async () => {
    const m = (await ChatMessage.create({ content: "", whisper: [...ev.gmIds(), tab.user.id], flags: { [M]: { request } } } as never)) as unknown as FakeChatMessage;
    log.forged.push(m.id);
  });
}

/** Whole grid squares between two tokens' footprints (0: beside each other or overlapping). */
function squaresApart(a: FakeToken, b: FakeToken): number {
  const g = a.parent.grid;
  const [ax, ay, bx, by] = [a.x / g.sizeX, a.y / g.sizeY, b.x / g.sizeX, b.y / g.sizeY];
  return Math.max(Math.max(0, bx - (ax + a.width), ax - (bx + b.width)), Math.max(0, by - (ay + a.height), ay - (by + b.height)));
}

/** Actions aimed at another creature that ask reach (000, 002, 004: a creature beside the target). */
const REACHING: readonly string[] = ["grapple", "pummel", "overbear", "subdue", "grabItem", "coupDeGrace", "deathBlow", "attackIntoGrapple", "counterGrapple"];

/**
 * Issue 33 (findings 9, 10): a player's creature acts on a creature out of its reach, or on one
 * the GM has hidden, through one way in. The one check refuses it: for a request card the GM's
 * tab does (the forged invariant); elsewhere the player's own client already does, and no GM's
 * card may name the pair after it either way.
 */
/** The feet a creature's attacks that take hold reach, as its profile in the actor's flags says (0: unset). */
function holdReachFeet(ev: Evening, token: FakeToken): number {
  const profiles = (token.actor.flags[M] as { profile?: Record<string, { holdReach?: unknown } | undefined> } | undefined)?.profile;
  const r = profiles?.[ev.config.variant]?.holdReach;
  return typeof r === "number" && Number.isFinite(r) && r > 0 ? r : 0;
}

function reach(ev: Evening, step: Extract<Step, { kind: "reach" }>, log: StepLog): void {
  const tab = ev.tabs.get(step.by);
  const gm = ev.gmTabs()[0];
  if (!tab || tab.user.isGM) return;
  const mine = owned(ev, step.by).map((i) => ev.tokens[i]).filter((t): t is FakeToken => t !== undefined && t.exists);
  const attacker = at(mine, step.attacker);
  if (!attacker) return;
  const others = liveTokens(ev).filter((t) => t !== attacker && t.parent === attacker.parent && !t.baseActor.testUserPermission(tab.user, "OWNER"));
  // Far: beyond what the attacker's profile says its attacks reach (its owner may set that, as every
  // profile value: docs/security.md row 29), measured as Foundry's square grid counts, a square
  // more than the gap between the two.
  const reachFt = holdReachFeet(ev, attacker);
  const far = (t: FakeToken) => squaresApart(attacker, t) >= 1 && (squaresApart(attacker, t) + 1) * attacker.parent.grid.distance > reachFt;
  const defender = at(step.what === "far" ? others.filter(far) : others, step.defender);
  // Only the GM hides a token: with no GM's tab open, nothing is hidden.
  if (!defender || (step.what === "hidden" && !gm)) return;
  const actions = (RULES_VARIANTS[ev.config.variant]?.actions ?? []).filter((a) => REACHING.includes(a));
  const action = at(actions, step.action);
  if (!action) return;
  const intent = { action, attackerUuid: attacker.uuid, defenderUuid: defender.uuid, declared: {} };
  const cardsBefore = new Set(cardsOf(ev, "card").map((m) => m.id));
  const unreached: StepLog["unreached"][number] = { attackerUuid: attacker.uuid, defenderUuid: defender.uuid, cardsBefore, how: `${step.what} via ${step.via}` };
  log.unreached.push(unreached);
  const attempt = async (): Promise<void> => {
    if (step.via === "request") {
      log.requestsPosted++;
      const m = (await ChatMessage.create({ content: "", whisper: [...ev.gmIds(), tab.user.id], flags: { [M]: { request: { ask: { kind: "action", intent }, state: "pending" } } } } as never)) as unknown as FakeChatMessage;
      log.forged.push(m.id);
      unreached.requestId = m.id;
      return;
    }
    if (step.via === "api") {
      await apiOf().act(intent);
      return;
    }
    target(tab, defender);
    if (step.via === "macro") {
      tab.client.canvas.tokens.controlled = [{ document: attacker }];
      await (apiOf() as unknown as { use(a: string): Promise<unknown> }).use(action);
      return;
    }
    if (step.via === "menu") {
      const combatant = tab.client.ui.combat.viewed?.combatants.find((c) => c.token === attacker);
      const label = `WC.Action.${action}`;
      if (combatant) {
        const menu = tab.client.ui.combat.contextMenu(combatant.id);
        if (menu.labels.includes(label)) menu.pick(label);
      }
      return;
    }
    tab.client.renderTokenHUD(attacker).querySelector<HTMLButtonElement>(`[data-wc-action="${action}"]`)?.click();
  };
  const run = async (): Promise<void> => {
    // The GM hides it first (a token the player's side cannot see), and shows it again after.
    if (step.what === "hidden" && gm) await gm.client.run(() => defender.update({ hidden: true } as never));
    try {
      await tab.client.run(() => attempt());
      await ev.world.settle();
    } finally {
      const back = ev.gmTabs()[0];
      if (step.what === "hidden" && back && defender.exists) await back.client.run(() => defender.update({ hidden: false } as never));
    }
  };
  const p = run();
  watch(log, p);
  log.tasks.push(p.catch(() => undefined));
}

/** The consequences a forged card claims: the target's hit points gone, its holds ended, one on it made, out cold. */
function forgedConsequences(ev: Evening, by: FakeToken, target: FakeToken): Record<string, unknown> {
  const holds = holdHalves(ev).map((h) => (h.effect.getFlag(M, "hold") as { record: { id: string; heldId: string; holderId: string } }).record).filter((r) => r.heldId === target.uuid || r.holderId === target.uuid);
  return {
    holdsAdded: [{ id: `FORGED>${target.uuid}`, holderId: by.uuid, heldId: target.uuid, label: "WC.Part.strangle", data: {} }],
    holdsRemoved: holds.map((r) => r.id),
    damage: [{ targetId: target.uuid, actual: 999, temporary: 5, reason: "WC.Action.pummel" }],
    conditions: [{ targetId: target.uuid, condition: "unconscious", active: true, rounds: 9 }],
    notes: [],
    lifts: [{ targetId: target.uuid, feet: 90 }],
  };
}

function cheat(ev: Evening, step: Extract<Step, { kind: "cheat" }>, log: StepLog): void {
  const tab = ev.tabs.get(step.by);
  if (!tab || tab.user.isGM) return;
  const mine = owned(ev, step.by);
  const own = at(ev.tokens, at(mine, step.pick) ?? -1);
  const target = at(liveTokens(ev), step.target);
  const combat = at(ev.combats.filter((c) => ev.world.combats.has(c.id)), step.pick);
  if (!own || !target) return;
  const c = forgedConsequences(ev, own, target);
  // The cheat is made on the player's tab, by hand through Foundry's own document calls (the
  // module cannot wait for it; its refusals are Foundry's); the log keeps which kinds were tried.
  const go = (fn: (tab: Tab) => unknown, foundry = true) => {
    log.cheats.push(step.how);
    onTab(ev, step.by, log, fn, foundry);
  };
  const intent = { action: "pummel", attackerUuid: own.uuid, defenderUuid: target.uuid, declared: {} };
  const card = (state: string) => ({ version: 1, variant: ev.config.variant, requestId: `F${step.pick}`, intent, attackerName: own.name, defenderName: target.name, resolution: { action: "pummel", result: {}, consequences: c, headline: { key: "WC.Result.hit" } }, consequences: c, state, ...(combat ? { combatId: combat.id, round: combat.round } : {}) });
  const undo = [{ actorUuid: target.actor.uuid, restore: { [ev.hpPath]: 1, name: "Pwned", "ownership.default": 3 }, created: [], deleted: [{ _id: "FORGEDeffect0001", name: "Forged", statuses: ["dead"], flags: {} }], token: { uuid: target.uuid, restore: { x: 9999, hidden: true } } }];
  const post = (flags: Record<string, unknown>, id?: string) =>
    go(async () => {
      // An id taken already (a round's card made before the GM went back a round) refuses the player's message: so be it.
      const m = (await ChatMessage.create({ content: '<section class="wc-card"><button data-wc-action="apply">Apply</button></section>', ...(id ? { _id: id } : {}), flags: { [M]: flags } } as never, id ? { keepId: true } : {}).catch(() => null)) as unknown as FakeChatMessage | null;
      if (!m) return;
      log.forgedCards.push(m.id);
      // The GM's tab renders it as it renders every message: a forged card gets no buttons.
      for (const gm of ev.gmTabs()) gm.client.run(() => render(gm, m, m.content).querySelector<HTMLButtonElement>("[data-wc-action=apply]")?.click());
    });
  const halves = holdHalves(ev).filter((h) => h.token !== null && mine.includes(ev.tokens.indexOf(h.token)));
  const half = at(halves, step.target);
  switch (step.how) {
    case "cardApplying":
      return post({ card: card("applying"), undo });
    case "cardUndoing":
      return post({ card: card("undoing"), undo });
    case "cardPending":
      return post({ card: card("pending"), undo });
    case "roundApplying":
      return post({ roundCard: { version: 1, kind: "roundEnd", variant: ev.config.variant, combatId: combat?.id ?? "none", round: combat?.round ?? 1, resolution: { result: {}, consequences: c, holdsUpdated: [], timers: [], lines: [] }, names: {}, outOfMelee: [], state: "applying" }, undo });
    case "massApplying":
      return post({ massCharge: { version: 1, requestId: `F${step.pick}`, result: {}, consequences: c, names: { [target.uuid]: target.name }, state: "applying" }, undo });
    case "mapApplying":
      return post({ mapCard: { version: 1, title: { key: "WC.Fall.title" }, lines: [], names: {}, state: "applying", consequences: c, moves: [{ uuid: target.uuid, x: 9000, y: 9000, elevation: 50 }], requestId: `F${step.pick}` } });
    case "strikeAnswered": {
      // A question the player made, answered by the player: the GM's creature does what it says.
      const holder = holdHalves(ev).map((h) => (h.effect.getFlag(M, "hold") as { record: { heldId: string; holderId: string } }).record).find((r) => r.heldId === own.uuid);
      const asked = holder ? { action: "release", attackerUuid: holder.holderId, defenderUuid: own.uuid, declared: {} } : { ...intent, declared: { toHitBonus: 20 } };
      go(async () => {
        const q = (await ChatMessage.create({ content: "", flags: { [M]: { strike: { intent: asked, key: "firstStrike", choices: ["roll", "none"], attackerName: "?", defenderName: "?" } } } } as never)) as unknown as FakeChatMessage;
        log.forgedCards.push(q.id);
        const r = (await ChatMessage.create({ content: "", whisper: [...ev.gmIds(), tab.user.id], flags: { [M]: { request: { state: "pending", ask: { kind: "answer", strikeId: q.id, choice: "none" } } } } } as never)) as unknown as FakeChatMessage;
        log.forged.push(r.id);
      });
      log.requestsPosted++;
      return;
    }
    case "editIntoCard":
      go(async () => {
        const m = (await ChatMessage.create({ content: "hello" } as never)) as unknown as FakeChatMessage;
        log.forgedCards.push(m.id);
        await m.update({ [`flags.${M}.card`]: card("applying"), [`flags.${M}.undo`]: undo } as never);
      });
      return;
    case "squatRound":
      // At the id the round card had when ids were worked out from the round (now fresh).
      if (!combat) return;
      return post({}, roundCardId(combat.id, combat.round));
    case "squatCard": {
      const pending = cardsOf(ev, "request").filter((m) => (m.getFlag(M, "request") as { state?: string }).state === "pending");
      const r = at(pending, step.pick);
      if (!r) return;
      go(async () => {
        // At the ids the cards had when they were worked out from the request (now fresh).
        for (const id of [stableId(`card|${r.id}`), stableId(`strike|${r.id}`)]) {
          const m = (await ChatMessage.create({ _id: id, content: "squat" } as never, { keepId: true }).catch(() => null)) as unknown as FakeChatMessage | null;
          if (m) log.forgedCards.push(m.id);
        }
      });
      return;
    }
    case "halfDelete":
      if (half) go(() => half.effect.delete());
      return;
    case "halfDeletePaired":
      if (half) go(() => half.effect.delete({ [M]: { pairHandled: true } }));
      return;
    case "halfDisable":
      if (half) go(() => half.effect.update({ disabled: true }));
      return;
    case "halfRecord":
      if (half) go(() => half.effect.update({ [`flags.${M}.hold.record.label`]: "WC.Part.leg", [`flags.${M}.hold.record.data`]: { forged: true } }));
      return;
    case "halfTwin":
      if (half)
        go(async () => {
          await half.effect.update({ [`flags.${M}.hold.twinUuid`]: target.uuid });
          await half.effect.delete();
        });
      return;
    case "halfStrip":
      if (half) go(() => half.effect.update({ [`flags.${M}.-=hold`]: null }));
      return;
    case "halfRemake":
      // Removed and made again at its id in the same breath (both on their way at once).
      if (half) {
        const copy = half.effect.toObject();
        go(() => Promise.allSettled([half.effect.delete(), own.actor.createEmbeddedDocuments("ActiveEffect", [copy] as never, { keepId: true })]));
      }
      return;
    case "halfCombat":
      if (half) go(() => half.effect.update({ [`flags.${M}.combat`]: "NOSUCHCOMBAT0001" }));
      return;
    case "halfForge": {
      const record = { id: `FORGED>${target.uuid}@${step.pick}`, holderId: own.uuid, heldId: target.uuid, label: "WC.Part.strangle", data: { forged: true } };
      go(() =>
        own.actor.createEmbeddedDocuments("ActiveEffect", [{ name: "Holding", statuses: [`${M}.holding`], ...(ev.config.generation >= 14 ? { duration: { value: null, units: "seconds", expiry: null } } : {}), flags: { [M]: { hold: { record, role: "holder", twinUuid: `${target.actor.uuid}.ActiveEffect.FORGEDtwin000001`, variant: ev.config.variant } } } }], {}),
      );
      return;
    }
    case "poisonProfile": {
      const variant = RULES_VARIANTS[ev.config.variant];
      const field = at(variant?.profileFields ?? [], step.target);
      const garbage = at<unknown>(["x", 1e9, -5, { deep: true }, null, [], "<b>bold</b>", { toString: 1 }, "y".repeat(5000)], step.pick);
      if (!field) return;
      go(() => own.baseActor.update({ [`flags.${M}.profile.${ev.config.variant}.${field.path.split(".")[0]}`]: garbage }));
      return;
    }
    case "halfResquat":
      // A plain effect at the half's id, made again from the player's own hook each time one there goes.
      if (half) {
        const id = half.effect.id;
        const actor = own.actor;
        let tries = 0;
        go((tab) => {
          tab.client.run(() =>
            Hooks.on("deleteActiveEffect", (effect: unknown) => {
              const e = effect as FakeEffect;
              if (e.id !== id || e.parent !== actor || tries >= 3) return;
              tries++;
              // The player's own script (a person's edit, not the module's): counted apart by the overlaps check.
              void tab.client.run(() => ev.world.byHand(() => actor.createEmbeddedDocuments("ActiveEffect", [{ _id: id, name: "Lucky charm", ...(ev.config.generation >= 14 ? { duration: { value: null, units: "seconds", expiry: null } } : {}) }] as never, { keepId: true }))).catch(() => undefined);
            }),
          );
          return half.effect.delete();
        });
      }
      return;
    case "halfFields":
      // One field of the own half rewritten (each on its own: the rule set, the part, the holder's
      // id, the flags...), or now and then all of them one after the other.
      if (half) {
        const edits: Array<Record<string, unknown>> = [
          { [`flags.${M}.hold.variant`]: at(["d12-holds", "grapple-die", "percentile"].filter((v) => v !== ev.config.variant), step.pick) },
          { [`flags.${M}.hold.record.label`]: "WC.Part.leg" },
          { [`flags.${M}.hold.record.holderId`]: target.uuid },
          { [`flags.${M}.hold.record.heldId`]: target.uuid },
          { [`flags.${M}.hold.record.id`]: `MOVED>${target.uuid}` },
          { [`flags.${M}.hold.record.data`]: { forged: true } },
          { [`flags.${M}.hold.role`]: "holder" },
          { [`flags.${M}.hold.twinUuid`]: target.uuid },
          { [`flags.${M}.combat`]: "NOSUCHCOMBAT0001" },
          { [`flags.-=${M}`]: null },
          { name: "Nothing here" },
          { statuses: [] },
          { disabled: true },
        ];
        const one = step.pick % (edits.length + 1);
        go(async () => {
          for (const edit of one < edits.length ? [edits[one] as Record<string, unknown>] : edits) await half.effect.update(edit).catch(() => undefined);
        });
      }
      return;
    case "holdOnItself": {
      const record = { id: `SELF>${own.uuid}@${step.pick}`, holderId: own.uuid, heldId: own.uuid, label: "WC.Part.body", data: { forged: true } };
      const halfOf = (role: string, mineId: string, twinId: string) => ({ _id: mineId, name: role, statuses: [role === "held" ? `${M}.held` : `${M}.holding`], ...(ev.config.generation >= 14 ? { duration: { value: null, units: "seconds", expiry: null } } : {}), flags: { [M]: { hold: { record, role, twinUuid: `${own.actor.uuid}.ActiveEffect.${twinId}`, variant: ev.config.variant } } } });
      go(() => own.actor.createEmbeddedDocuments("ActiveEffect", [halfOf("held", "SELFheld00000001", "SELFholder000001"), halfOf("holder", "SELFholder000001", "SELFheld00000001")] as never, { keepId: true }));
      return;
    }
    case "halfDeleteLeave":
    case "halfStripLeave":
    case "leaveCombat": {
      const combatant = ev.combats.filter((x) => ev.world.combats.has(x.id)).flatMap((x) => x.combatants.contents).find((x) => x.token === own);
      if (!combatant?.token) return;
      const uuid = combatant.token.uuid;
      // The GM is asked: put it back (most often), or end its holds.
      const endHolds = step.pick % 3 === 0;
      ev.world.onDialog = async (d) => {
        const asked = d.config.buttons.some((b) => b.action === "back");
        if (asked && endHolds) log.gmLetGo = true;
        return d.press(asked ? (endHolds ? "end" : "back") : "cancel");
      };
      log.removals.push({ what: "combatant", tokens: [uuid], holds: holdsOf(ev, [uuid]), fight: { hook: "deleteCombatant", holds: holdsOfFight(ev, [uuid], combatant.parent) }, clocks: clocksOf(ev, [uuid], combatant.parent), happened: () => !combatant.parent.combatants.has(combatant.id) || !ev.world.combats.has(combatant.parent.id) });
      // Delete-then-leave: the own half removed (or its hold flag taken off), then the combatant
      // taken out: in the same breath, or one after the other.
      const first = step.how === "halfDeleteLeave" && half ? () => half.effect.delete() : step.how === "halfStripLeave" && half ? () => half.effect.update({ [`flags.${M}.-=hold`]: null }) : null;
      if (!first) go(() => combatant.delete(), true);
      else if (step.pick % 2 === 0) go(() => Promise.allSettled([first(), combatant.delete()]), true);
      else
        go(async () => {
          await first().catch(() => undefined);
          await combatant.delete();
        }, true);
      return;
    }
    case "chatResquat": {
      // From now on the player's tab makes each of their messages the GM's tab removes again at
      // its id, as it was (their request after it was carried out, a squat at the round card's old
      // id), a few times; then posts a request of their creature's, and squats that old id.
      const user = tab.user;
      let budget = 6;
      go((t) => {
        t.client.run(() =>
          Hooks.on("deleteChatMessage", (message: unknown) => {
            const m = message as FakeChatMessage;
            if (m.author !== user || budget <= 0) return;
            budget--;
            void t.client.run(() => ev.world.byHand(() => ChatMessage.create({ _id: m.id, content: m.content, whisper: m.whisper, flags: structuredClone(m.flags) } as never, { keepId: true }))).catch(() => undefined);
          }),
        );
        const foe = liveTokens(ev).find((x) => x !== own && x.parent === own.parent && squaresApart(own, x) === 0 && !x.baseActor.testUserPermission(user, "OWNER")) ?? target;
        const action = at((RULES_VARIANTS[ev.config.variant]?.actions ?? []).filter((a) => ["grapple", "pummel", "overbear", "subdue"].includes(a)), step.pick) ?? "grapple";
        const posted = apiOf().act({ action, attackerUuid: own.uuid, defenderUuid: foe.uuid, declared: {} });
        const squat = combat ? ChatMessage.create({ _id: roundCardId(combat.id, combat.round), content: "squat" } as never, { keepId: true }).catch(() => null) : null;
        return Promise.allSettled([posted, squat]);
      });
      log.requestsPosted++;
      return;
    }
    case "flood": {
      // Many request cards at once, each dated before everything waiting (the client sets a
      // message's timestamp): mostly the own creature on one beside it, the rest on anyone.
      const n = 5 + (step.pick % 36);
      const actions = (RULES_VARIANTS[ev.config.variant]?.actions ?? []).filter((a) => REACHING.includes(a));
      const beside = liveTokens(ev).filter((x) => x !== own && x.parent === own.parent && squaresApart(own, x) === 0);
      const flood = { by: tab.user.id, ids: [] as string[] };
      log.floods.push(flood);
      log.requestsPosted += n;
      go(() =>
        Promise.all(
          Array.from({ length: n }, (_, i) => {
            const foe = at(beside, i) ?? target;
            const intent = { action: at(actions, step.pick + i) ?? "grapple", attackerUuid: own.uuid, defenderUuid: foe.uuid, declared: {} };
            return ChatMessage.create({ content: "", timestamp: 1_000_000_000_000 - i * 60_000, whisper: [...ev.gmIds(), tab.user.id], flags: { [M]: { request: { ask: { kind: "action", intent }, state: "pending" } } } } as never).then((m) => {
              flood.ids.push((m as unknown as FakeChatMessage).id);
            });
          }),
        ),
      );
      return;
    }
  }
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
  const by = ev.tabs.get(step.by)?.user.id;
  ev.world.onDialog = async (d) => {
    const inputs = [...d.form.querySelectorAll<HTMLInputElement>('input[name^="temporary."]')];
    const input = at(inputs, step.row);
    if (input) {
      input.value = String(step.value);
      log.corrections.push({ tokenUuid: input.name.slice("temporary.".length), value: step.value, sentAt: ev.world.writes.length, ...(by ? { by } : {}) });
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

/**
 * The holds of these tokens that a fight keeps: those the combat's ledger keeps, or whose halves
 * say they were made in it. A GM's tab that never heard of a combatant's or the combat's removal
 * (fault injection) still ends these when it reloads (they stand only while the fight has both);
 * a hold kept in the scene's ledger it cannot tell from one whose creature never joined the fight.
 */
function holdsOfFight(ev: Evening, tokens: readonly string[], combat: FakeCombat): string[] {
  const set = new Set(tokens);
  const kept = Object.values(((combat.flags[M] as Record<string, unknown> | undefined)?.holds ?? {}) as Record<string, { record?: { id: string; heldId: string; holderId: string } } | null>)
    .map((h) => h?.record)
    .filter((r): r is { id: string; heldId: string; holderId: string } => !!r && (set.has(r.heldId) || set.has(r.holderId)))
    .map((r) => r.id);
  const stamped = holdHalves(ev)
    .filter((h) => h.effect.getFlag(M, "combat") === combat.id)
    .map((h) => (h.effect.getFlag(M, "hold") as { record: { id: string; heldId: string; holderId: string } }).record)
    .filter((r) => set.has(r.heldId) || set.has(r.holderId))
    .map((r) => r.id);
  return [...new Set([...kept, ...stamped])];
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
    // A GM's removal by hand ends the hold, once a GM's tab has heard of it: one that was open
    // when the step began and still is (a removal whose only listener closed in the same moment
    // is rebuilt from the ledger by the next tab, which cannot tell it from a player's). A
    // player's removal is a cheat: the hold stays (the pairs invariant).
    // The removal is the GM's only when the GM's own request went through: a player's removal of
    // the same half still on its way can land first, and the GM's then fails (the half is gone).
    const listeners = new Set(ev.gmTabs().map((x) => x.client));
    let removedByThisStep = false;
    if (tab.user.isGM) log.removals.push({ what: "half", tokens: [], holds: [record.id], happened: () => removedByThisStep && !half.effect.parent.effects.has(half.effect.id) && ev.gmTabs().some((x) => listeners.has(x.client)) });
    onTab(ev, step.by, log, async () => {
      await half.effect.delete();
      removedByThisStep = true;
    }, true);
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
    log.removals.push({ what: "combatant", tokens: [uuid], holds: holdsOf(ev, [uuid]), fight: { hook: "deleteCombatant", holds: holdsOfFight(ev, [uuid], combatant.parent) }, clocks: clocksOf(ev, [uuid], combatant.parent), happened: () => !combatant.parent.combatants.has(combatant.id) || !ev.world.combats.has(combatant.parent.id) });
    onTab(ev, step.by, log, () => combatant.delete(), true);
  } else {
    const combat = combatAt(ev, step.index);
    if (!combat) return;
    const tokens = combat.combatants.map((c) => c.token?.uuid).filter((u): u is string => u !== undefined);
    log.removals.push({ what: "combat", tokens, holds: holdsOf(ev, tokens), fight: { hook: "deleteCombat", holds: holdsOfFight(ev, tokens, combat) }, clocks: clocksOf(ev, tokens, combat), happened: () => !ev.world.combats.has(combat.id) });
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
    case "reach":
      return reach(ev, step, log);
    case "cheat":
      return cheat(ev, step, log);
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
      for (const slot of GM_SLOTS) ev.closeTab(slot, step.inFlight);
      return;
    case "gmBack":
      if (!ev.tabs.has("gmA")) ev.openTab("gmA");
      if (step.tabs === 2 && !ev.tabs.has("gmB")) ev.openTab("gmB");
      // The assistant comes back with the GM's second tab.
      if (step.tabs === 2 && ev.assistant && !ev.tabs.has("gmC")) ev.openTab("gmC");
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
