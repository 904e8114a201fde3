/**
 * What must hold after every step of an evening, read from the server's store (the documents
 * themselves, never the module's own idea of them):
 *
 * - pairs: every hold has both halves or neither; each half is one the ledger keeps (the combat's
 *   or the scene's flags, which only a GM writes), on the creature the ledger names for its part,
 *   and every hold the ledger keeps has both; each half sits on the creature its hold says; no
 *   hold is made twice;
 * - ledger: each creature's hit points and temporary damage are what the applied, not undone
 *   cards' damage (and the GM's corrections) make of them: every applied result counted once;
 * - rounds: each round is processed once: a round that ended while a GM was there has its card,
 *   and no card is left half applied while a GM's tab is open;
 * - outlive: no hold outlives its token, and none survives the removal of its combatant or combat
 *   (or of its other half);
 * - forged: a forged or stale request changes nothing: no card comes of it, and the world is as
 *   it was; a player's change to a hold half, or their creature taken out of its fight, leaves
 *   the holds as they were (unless the GM, asked, let it leave); nothing the one check refuses
 *   (out of reach, a hidden target) is carried out, whatever way it came in;
 * - doubled: one GM's card and one question at most answer a request (a request card made again
 *   at its id is the same request), and one applied card ends a combat's round;
 * - count: a player's creature makes one attack routine a round, and of a flood of request cards
 *   a player posts at once no more are answered than one player may have waiting (three);
 * - ownership: nothing a player's tab wrote is a document that player does not own, and the
 *   server refused it nothing for want of permission;
 * - errors: no exception escaped (to the console, as a rejected promise, or out of a hook);
 * - overlaps: no two writes were in flight at once on one parent (C-49).
 */
import { systemFor } from "../../src/systems/index.ts";
import type { FakeActor, FakeToken } from "../fake-foundry/world.ts";
import { getProperty } from "../fake-foundry/world.ts";
import type { Evening } from "./evening.ts";
import { M } from "./evening.ts";
import type { StepLog } from "./steps.ts";
import { cardsOf, gmCardIn, holdHalves, WAITING_CAP } from "./steps.ts";

/** The actions that are a creature's one attack routine of a round in all three source texts. */
const ROUTINE: ReadonlySet<string> = new Set(["grapple", "pummel", "overbear", "chargingOverbear", "subdue"]);

export interface Breach {
  readonly invariant: "pairs" | "ledger" | "rounds" | "outlive" | "forged" | "ownership" | "errors" | "overlaps" | "doubled" | "count";
  readonly detail: string;
}

interface Ledger {
  hp: number;
  temp: number;
}

interface StoredHoldFlag {
  readonly record: { readonly id: string; readonly heldId: string; readonly holderId: string };
  readonly role: "held" | "holder";
  readonly twinUuid: string;
}

interface DamageEntry {
  readonly targetId: string;
  readonly actual: number;
  readonly temporary: number;
}

/** The damage a card's result deals, summed per creature (as the shell applies it). */
function damageOf(message: { getFlag(scope: string, key: string): unknown }): Map<string, { actual: number; temporary: number }> {
  const card = message.getFlag(M, "card") as { consequences?: { damage?: DamageEntry[] } } | undefined;
  const round = message.getFlag(M, "roundCard") as { resolution?: { consequences?: { damage?: DamageEntry[] } } } | undefined;
  const entries = card?.consequences?.damage ?? round?.resolution?.consequences?.damage ?? [];
  const out = new Map<string, { actual: number; temporary: number }>();
  for (const d of entries) {
    const cur = out.get(d.targetId) ?? { actual: 0, temporary: 0 };
    out.set(d.targetId, { actual: cur.actual + d.actual, temporary: cur.temporary + d.temporary });
  }
  return out;
}

function stateOf(message: { getFlag(scope: string, key: string): unknown }): string | undefined {
  return (message.getFlag(M, "card") as { state?: string } | undefined)?.state ?? (message.getFlag(M, "roundCard") as { state?: string } | undefined)?.state;
}

/** A creature's hit points and temporary damage as the store has them. */
export function ledgerOf(ev: Evening, t: FakeToken): Ledger {
  const a = t.actor;
  const hp = getProperty(a, ev.hpPath);
  // Temporary damage lives where the host system keeps it (adnd2e's non-lethal), else in the flag.
  const path = systemFor(ev.world.systemId).hitPoints(a.type).temporary;
  const temp = path === null ? a.getFlag(M, "temporary") : getProperty(a, path);
  return { hp: typeof hp === "number" ? hp : NaN, temp: typeof temp === "number" ? temp : 0 };
}

/** The world as everything but the chat log has it: to tell whether a step changed anything. */
export function snapshot(ev: Evening): string {
  const actor = (a: FakeActor) => ({ system: a.system, flags: a.flags, effects: a.effects.map((e) => e.toObject()) });
  return JSON.stringify({
    actors: ev.world.actors.map((a) => [a.uuid, actor(a)]),
    tokens: ev.tokens.filter((t) => t.exists && !t.actorLink).map((t) => [t.uuid, actor(t.actor)]),
    combats: ev.world.combats.map((c) => [c.id, c.round, c.flags, c.combatants.map((x) => x.id)]),
    settings: [...ev.world.settingValues],
  });
}

/** The holds as their halves stand: what a player's tampering must not change once the GM's tab has seen it. */
export function holdsView(ev: Evening): string {
  return JSON.stringify(
    holdHalves(ev)
      .map(({ effect }) => {
        const h = effect.getFlag(M, "hold") as StoredHoldFlag & { record: unknown };
        // Not its id: a half rebuilt from the ledger takes a fresh one (issue 33).
        // Its rule set and combat too: a half rewritten to another rule set walks out of its hold (finding 4).
        return `${effect.parent.uuid}|${JSON.stringify(h.record)}|${h.role}|${String((h as { variant?: unknown }).variant)}|${String(effect.getFlag(M, "combat"))}|${effect.disabled === true}|${[...effect.statuses].sort().join(",")}`;
      })
      .sort(),
  );
}

/** Where two snapshots first differ: the part of the world and the document, for the report. */
function changedPart(before: string, after: string): string {
  const a = JSON.parse(before) as Record<string, unknown[]>;
  const b = JSON.parse(after) as Record<string, unknown[]>;
  for (const part of Object.keys(b)) {
    const was = new Map((a[part] ?? []).map((x) => [JSON.stringify((x as unknown[])[0]), JSON.stringify(x)]));
    for (const x of b[part] ?? []) {
      const key = JSON.stringify((x as unknown[])[0]);
      if (was.get(key) !== JSON.stringify(x)) return `${part} ${key}: ${was.get(key)?.slice(0, 600) ?? "(new)"} -> ${JSON.stringify(x).slice(0, 600)}`;
    }
    if ((a[part] ?? []).length !== (b[part] ?? []).length) return `${part}: one is gone`;
  }
  return "(no part differs)";
}

/** What an evening did, as the store showed it: how much the invariants had to hold over. */
export interface Seen {
  holds: number;
  applied: number;
  undone: number;
  rounds: number;
  refused: number;
}

export class Watcher {
  /** Invariant checks made so far (one per creature, hold half, card, round or write looked at). */
  checks = 0;
  readonly seen: Seen = { holds: 0, applied: 0, undone: 0, rounds: 0, refused: 0 };
  private readonly holdsSeen = new Set<string>();
  private readonly roundsSeen = new Set<string>();
  private readonly refusedSeen = new Set<string>();
  private readonly expected = new Map<string, Ledger>();
  /** For each applied card counted: what it changed, per creature, to take back on undo. */
  private readonly counted = new Map<string, Array<{ key: string; hp: number; temp: number }>>();
  private readonly forged = new Set<string>();
  /** Requests for an unreachable target whose creation no GM's tab heard: judged when found, later. */
  private readonly heardLate = new Set<string>();
  private readonly forgedCards = new Set<string>();
  /** What was found done twice already (each reported once). */
  private readonly doubled = new Set<string>();
  /** Who made each chat message (the server's record of the request), and how many writes were read for it. */
  private readonly creators = new Map<string, string>();
  private creatorsSeen = 0;
  /** Every flood of request cards posted so far. */
  private readonly floods: Array<{ by: string; ids: string[]; reported?: boolean }> = [];
  /** Cards seen at an earlier check. */
  private readonly seenCards = new Set<string>();
  private writesSeen = 0;
  private refusalsSeen = 0;
  private overlapsSeen = 0;
  /** Overlaps with a write still on its way from a tab that had closed. */
  closedTabOverlaps = 0;
  /** Overlaps of the module's write with a person's own edit (a half deleted by hand): not the module's to avoid. */
  byHandOverlaps = 0;
  private readonly clientErrors = new Map<unknown, number>();

  constructor(private readonly ev: Evening) {
    this.learnTokens();
  }

  /** Where a token's damage lives: its world actor (linked), or the token itself. */
  keyOf(tokenUuid: string): string | undefined {
    const t = this.ev.tokens.find((x) => x.uuid === tokenUuid);
    if (!t) return undefined;
    return t.actorLink ? t.baseActor.uuid : t.uuid;
  }

  private read(t: FakeToken): Ledger {
    return ledgerOf(this.ev, t);
  }

  /** Creatures new to the evening start from what they have. Called before each step. */
  learnTokens(): void {
    for (const t of this.ev.tokens) {
      const key = this.keyOf(t.uuid);
      if (key && t.exists && !this.expected.has(key)) this.expected.set(key, this.read(t));
    }
  }

  /** What the applied, not undone cards make of each creature's ledger. */
  private account(): void {
    // In the order the cards reached their state: the GM's work is done one piece at a time, and
    // a card's last write is its newest state. The order matters where temporary damage stops at
    // 0 (undoing a recovery, then the damage it recovered, is not the same as the other way round).
    const lastWrite = new Map<string, number>();
    this.ev.world.writes.forEach((w, i) => {
      if (w.documentName === "ChatMessage" && w.id !== undefined) lastWrite.set(w.id, i);
      // A v14 batch is one request: the cards it made or changed reached their state in it.
      for (const id of w.messages ?? []) lastWrite.set(id, i);
    });
    const messages = [...this.ev.world.messages].sort((a, b) => (lastWrite.get(a.id) ?? -1) - (lastWrite.get(b.id) ?? -1));
    for (const m of messages) {
      // Only a GM's card is the module's: a player's message dressed as one changes nothing.
      if (!m.author.isGM || (m.getFlag(M, "card") === undefined && m.getFlag(M, "roundCard") === undefined)) continue;
      const applied = stateOf(m) === "applied";
      const fresh = !this.seenCards.has(m.id);
      this.seenCards.add(m.id);
      if (applied && !this.counted.has(m.id)) {
        const changes: Array<{ key: string; hp: number; temp: number }> = [];
        for (const [target, d] of damageOf(m)) {
          // A result reaches the creatures still on the scene when it is written: a card applied
          // later leaves out one whose token is gone since (a linked creature's token deleted
          // while its card was being written still takes it, on its world actor).
          const token = this.ev.tokens.find((t) => t.uuid === target);
          if (!token || !(token.exists || (fresh && token.actorLink))) continue;
          const key = this.keyOf(target);
          const l = key ? this.expected.get(key) : undefined;
          if (!key || !l) continue;
          const before = { ...l };
          if (d.temporary !== 0) l.temp = Math.max(0, l.temp + d.temporary);
          if (d.actual !== 0) l.hp = this.ev.floor === null ? l.hp - d.actual : Math.max(this.ev.floor, l.hp - d.actual);
          changes.push({ key, hp: l.hp - before.hp, temp: l.temp - before.temp });
        }
        this.counted.set(m.id, changes);
        this.seen.applied++;
        if (m.getFlag(M, "roundCard") !== undefined && !this.roundsSeen.has(m.id)) {
          this.roundsSeen.add(m.id);
          this.seen.rounds++;
        }
      } else if (!applied && this.counted.has(m.id) && (stateOf(m) === "undone" || stateOf(m) === "cancelled")) {
        for (const c of this.counted.get(m.id) ?? []) {
          const l = this.expected.get(c.key);
          if (!l) continue;
          // Undo takes back the card's own share: what it took off hit points, what it added to
          // temporary damage (which stays at 0 or more).
          l.hp -= c.hp;
          l.temp = Math.max(0, l.temp - c.temp);
        }
        this.counted.delete(m.id);
        this.seen.undone++;
      }
    }
  }

  /** Everything, after a step. `before` is the world before a forged step run on its own. */
  check(log: StepLog, before: string | null, escaped: readonly unknown[], holdsBefore: string | null = null): Breach[] {
    const out: Breach[] = [];
    const ev = this.ev;
    const gmHere = ev.gmTabs().length > 0;

    // pairs and outlive: every half, from the store. Only the active GM's tab removes a half's
    // twin (a player may not write the other creature): while no GM is connected, a half a player
    // removed waits for the GM's return, when the GM's tab puts it right.
    const halves = gmHere ? holdHalves(ev) : [];
    const seenRoles = new Set<string>();
    // The ledger, read from the store: every combat's and scene's kept holds, by hold id.
    const ledger = new Map<string, { record: unknown; heldActor: string; holderActor: string; variant?: unknown }>();
    for (const doc of [...ev.world.combats.contents, ...ev.world.scenes.contents]) {
      const holds = ((doc.flags[M] as Record<string, unknown> | undefined)?.holds ?? {}) as Record<string, { record: { id: string; heldId: string; holderId: string }; heldActor: string; holderActor: string } | null>;
      for (const h of Object.values(holds)) if (h && typeof h === "object" && h.record) ledger.set(h.record.id, h);
    }
    const liveUuids = new Set(ev.tokens.filter((t) => t.exists).map((t) => t.uuid));
    for (const m of cardsOf(ev, "request")) {
      if ((m.getFlag(M, "request") as { state?: string }).state === "refused" && !this.refusedSeen.has(m.id)) {
        this.refusedSeen.add(m.id);
        this.seen.refused++;
      }
    }
    for (const { token, effect } of halves) {
      this.checks++;
      const hold = effect.getFlag(M, "hold") as StoredHoldFlag;
      if (!this.holdsSeen.has(hold.record.id)) {
        this.holdsSeen.add(hold.record.id);
        this.seen.holds++;
      }
      const where = `${effect.parent.name} (${hold.role} of ${hold.record.id})`;
      const role = `${hold.record.id}|${hold.role}`;
      if (seenRoles.has(role)) out.push({ invariant: "pairs", detail: `${where}: this half of the hold exists twice` });
      seenRoles.add(role);
      // The half is the ledger's: kept there, for this creature in this part, and just so.
      const kept = ledger.get(hold.record.id);
      if (!kept) out.push({ invariant: "pairs", detail: `${where}: no hold the ledger keeps` });
      else if ((hold.role === "held" ? kept.heldActor : kept.holderActor) !== effect.parent.uuid) out.push({ invariant: "pairs", detail: `${where}: the ledger names another creature for this part` });
      else if (JSON.stringify(kept.record) !== JSON.stringify(hold.record) || (kept.variant !== undefined && kept.variant !== (hold as { variant?: unknown }).variant) || effect.disabled === true) out.push({ invariant: "pairs", detail: `${where}: differs from the ledger` });
      const mine = hold.role === "held" ? hold.record.heldId : hold.record.holderId;
      const other = hold.role === "held" ? hold.record.holderId : hold.record.heldId;
      if (!token) out.push({ invariant: "outlive", detail: `${where}: on an actor with no token on the scene` });
      else if (token.uuid !== mine && !(token.actorLink && ev.tokens.some((t) => t.uuid === mine && t.baseActor === token.baseActor))) out.push({ invariant: "pairs", detail: `${where}: sits on ${token.name}, the hold says ${mine}` });
      if (!liveUuids.has(other) || !liveUuids.has(mine)) out.push({ invariant: "outlive", detail: `${where}: outlives the token ${liveUuids.has(mine) ? other : mine}` });
      // A hold made in a combat lasts while the combat has both creatures in it.
      const combatId = effect.getFlag(M, "combat") as string | undefined;
      if (combatId !== undefined) {
        const combat = ev.world.combats.get(combatId);
        const members = new Set(combat ? [...combat.combatants].map((c) => c.token?.uuid) : []);
        if (!combat) out.push({ invariant: "outlive", detail: `${where}: outlives its combat ${combatId}` });
        else if (!members.has(mine) || !members.has(other)) out.push({ invariant: "outlive", detail: `${where}: outlives ${members.has(mine) ? other : mine}'s leaving combat ${combatId}` });
      }
    }
    const present = new Set(halves.map((h) => (h.effect.getFlag(M, "hold") as StoredHoldFlag).record.id));
    // Every hold the ledger keeps between two creatures on the map has both its halves.
    for (const [id, h] of gmHere ? ledger : []) {
      const rec = h.record as { heldId: string; holderId: string };
      if (!liveUuids.has(rec.heldId) || !liveUuids.has(rec.holderId)) continue;
      this.checks++;
      if (!seenRoles.has(`${id}|held`) || !seenRoles.has(`${id}|holder`)) out.push({ invariant: "pairs", detail: `the ledger keeps hold ${id}, but ${seenRoles.has(`${id}|held`) ? "the holder's" : "the held creature's"} half is missing` });
    }
    for (const r of gmHere ? log.removals.filter((x) => x.happened()) : []) {
      // A GM's removal of a half a GM's tab missed (fault injection) is, to that tab, a half gone
      // without a word: it cannot tell it from a player's, and makes it again from the ledger.
      if (r.what === "half" && ev.droppedHooks.has("deleteActiveEffect")) continue;
      // A removal a GM's tab missed (fault injection): it reloads and finds the creature out of the
      // fight, which ends the fight's holds; one kept in the scene it has no way to tie to the leaving.
      for (const id of r.fight && ev.droppedHooks.has(r.fight.hook) ? r.fight.holds : r.holds) {
        this.checks++;
        if (present.has(id)) out.push({ invariant: "outlive", detail: `hold ${id} outlives the removal of its ${r.what}${r.tokens.length > 0 ? ` (${r.tokens.join(", ")})` : ""}` });
      }
      // A condition whose clock a combat kept: the clock is gone with the combatant or combat.
      for (const c of r.clocks ?? []) {
        const token = ev.tokens.find((t) => t.uuid === c.token);
        const actor = token && (token.exists || token.actorLink) ? token.actor : null;
        if (!actor) continue;
        this.checks++;
        const left = actor.effects.find((e) => c.effects.includes(e.id));
        if (left) out.push({ invariant: "outlive", detail: `${actor.name}'s ${c.condition}, timed by its combat, outlives the removal of its ${r.what} (effect ${left.id}, ${JSON.stringify(left.flags[M] ?? {})})` });
      }
    }

    // ledger: the applied cards' damage, once each.
    this.account();
    for (const c of log.corrections) {
      // A correction whose request was lost with its closing tab (the server never had it) changed nothing.
      if (c.sentAt !== undefined && c.by !== undefined && !ev.world.writes.slice(c.sentAt).some((w) => w.user === c.by)) continue;
      // A correction a GM's tab sent as a request card, which the active GM's refused (a GM's
      // request no tab there saw made is not carried out as a GM's), changed nothing either.
      if (c.sentAt !== undefined && c.by !== undefined && refusedCorrection(ev, c.sentAt, c.by)) continue;
      const key = this.keyOf(c.tokenUuid);
      const l = key ? this.expected.get(key) : undefined;
      if (l) l.temp = c.value;
    }
    const keys = new Set<string>();
    for (const t of ev.tokens) {
      const key = this.keyOf(t.uuid);
      if (!key || !t.exists || keys.has(key)) continue;
      keys.add(key);
      const want = this.expected.get(key);
      if (!want) continue;
      this.checks++;
      const got = this.read(t);
      if (got.hp !== want.hp || got.temp !== want.temp) out.push({ invariant: "ledger", detail: `${t.name}: hit points ${got.hp} and temporary ${got.temp}; the applied cards make ${want.hp} and ${want.temp}` });
    }

    // rounds: once each.
    for (const m of cardsOf(ev, "roundCard").filter((x) => x.author.isGM)) {
      this.checks++;
      const card = m.getFlag(M, "roundCard") as { state: string; round: number; combatId: string };
      if (card.state === "applying" && gmHere) out.push({ invariant: "rounds", detail: `the card of round ${card.round} is left half applied with a GM's tab open` });
      // A waiting card's Apply begun (named in the ledger, its card still waiting) is half applied too.
      const begun = [...ev.world.combats, ...ev.world.scenes].some((d) => (getProperty(d.flags, `${M}.cards.${m.id}.w.s`) as unknown) === "applying");
      if (card.state === "pending" && begun && gmHere) out.push({ invariant: "rounds", detail: `the card of round ${card.round} is left half applied (its Apply begun in the ledger) with a GM's tab open` });
    }
    // A round that ended: the combat's update reached the server in this step (its tab may have
    // closed before it went), a GM heard of it, and the combat is still there.
    const updated = new Set(ev.world.writes.slice(log.writesAtStart).filter((w) => w.documentName === "Combat" && w.op === "update").map((w) => w.parent));
    for (const a of log.advances) {
      if (!updated.has(`Combat.${a.combatId}`) || !ev.world.combats.has(a.combatId) || a.ended < 1 || a.processedBefore >= a.ended) continue;
      // A GM's tab that missed the update catches the round up when it reloads, from the round the
      // combat is in then: one the GM has gone back before since cannot be told from the store.
      const now = ev.world.combats.get(a.combatId)?.round ?? 0;
      if (ev.droppedHooks.has("updateCombat") && now <= a.ended) continue;
      this.checks++;
      // The GM's card, found by what it records.
      const card = gmCardIn(ev, "roundCard", (c) => c.combatId === a.combatId && c.round === a.ended);
      if (!card) out.push({ invariant: "rounds", detail: `round ${a.ended} of ${a.combatId} ended and was not processed` });
    }

    // forged: nothing comes of a forged request.
    for (const id of log.forged) this.forged.add(id);
    // A request for a hidden or far target whose creation no GM's tab heard (fault injection) is
    // found later, by a scan, and judged then: the GM may have shown the target again meanwhile.
    for (const u of log.unreached) if (u.requestId !== undefined && ev.createsMissedByGM.has(u.requestId)) this.heardLate.add(u.requestId);
    for (const id of this.forged) {
      if (this.heardLate.has(id)) continue;
      this.checks++;
      if (gmCardIn(ev, "card", (c) => c.requestId === id) || gmCardIn(ev, "strike", (c) => c.requestId === id)) out.push({ invariant: "forged", detail: `the forged request ${id} was carried out` });
      const m = ev.world.messages.get(id);
      // Gone is right only for a card the GM refused and its own author then took away, told.
      const removed = ev.world.removedMessages.get(id);
      const refusedThenTaken = removed !== undefined && (removed.flags[M] as { request?: { state?: string } } | undefined)?.request?.state === "refused" && ev.world.messages.get(id) === undefined;
      const author = removed ? [...ev.world.usersCollection].find((u) => u.id === removed.by) : undefined;
      if (!m && !(refusedThenTaken && author && !author.isGM)) out.push({ invariant: "forged", detail: `the forged request ${id} was taken away as if done` });
    }
    // Issue 33: nothing comes of an action the one check refuses (out of reach, a hidden target),
    // whatever way it came in: no GM's card names the pair, unless it is a GM's named call.
    for (const u of log.unreached) {
      if (u.requestId !== undefined && this.heardLate.has(u.requestId)) continue;
      this.checks++;
      const made = cardsOf(ev, "card").filter((m) => !u.cardsBefore.has(m.id) && m.author.isGM);
      for (const m of made) {
        const card = m.getFlag(M, "card") as { intent?: { attackerUuid?: string; defenderUuid?: string }; gmCall?: unknown };
        if (card.intent?.attackerUuid === u.attackerUuid && card.intent.defenderUuid === u.defenderUuid && card.gmCall === undefined) out.push({ invariant: "forged", detail: `an action the one check refuses (${u.how}) was carried out as ${m.id}` });
      }
    }
    // Issue 33: nothing done twice. One GM's result card and one question at most answer a request
    // (a request card made again at its id, by the player's own hook, is the same request), and a
    // round of a combat ends with one applied card.
    for (const [flag, keyOf] of [
      ["card", (c: Record<string, unknown>) => (typeof c.requestId === "string" ? c.requestId : null)],
      ["strike", (c: Record<string, unknown>) => (typeof c.requestId === "string" ? c.requestId : null)],
      ["roundCard", (c: Record<string, unknown>) => (c.state === "applied" ? `${String(c.combatId)} round ${String(c.round)}` : null)],
    ] as const) {
      const by = new Map<string, string[]>();
      for (const m of cardsOf(ev, flag)) {
        if (!m.author.isGM) continue;
        const key = keyOf(m.getFlag(M, flag) as Record<string, unknown>);
        if (key !== null) by.set(key, [...(by.get(key) ?? []), m.id]);
      }
      this.checks++;
      for (const [key, ids] of by) if (ids.length > 1 && !this.doubled.has(`${flag}|${key}`)) {
        this.doubled.add(`${flag}|${key}`);
        out.push({ invariant: "doubled", detail: `${ids.length} of the GM's ${flag} cards answer ${key}: ${ids.join(", ")}` });
      }
    }
    // Issue 33: a player's creature makes one attack routine a round (000, 002 and 004 alike: a
    // grapple, pummel, overbear or subdue is the round's one weaponless attack); the GM, who
    // referees, is not held to it. Counted from the GM's cards of player's requests (whoever made
    // the request card is the server's record), undone ones left out.
    for (const w of ev.world.writes.slice(this.creatorsSeen)) if (w.documentName === "ChatMessage" && w.op === "create" && w.id !== undefined && !this.creators.has(w.id)) this.creators.set(w.id, w.user);
    this.creatorsSeen = ev.world.writes.length;
    const routines = new Map<string, string[]>();
    for (const m of cardsOf(ev, "card")) {
      if (!m.author.isGM) continue;
      const c = m.getFlag(M, "card") as { requestId?: string; intent?: { action?: string; attackerUuid?: string }; combatId?: string; round?: number; state?: string };
      if (!c.combatId || c.state === "undone" || c.state === "cancelled" || !ROUTINE.has(c.intent?.action ?? "")) continue;
      const creator = ev.world.usersCollection.get(this.creators.get(c.requestId ?? "") ?? "");
      if (!creator || creator.isGM) continue;
      const key = `${c.intent?.attackerUuid ?? "?"} in round ${c.round ?? "?"} of ${c.combatId}`;
      routines.set(key, [...(routines.get(key) ?? []), m.id]);
    }
    this.checks++;
    for (const [key, ids] of routines) if (ids.length > 1 && !this.doubled.has(`count|${key}`)) {
      this.doubled.add(`count|${key}`);
      out.push({ invariant: "count", detail: `${ids.length} attack routines at a player's request for ${key}: ${ids.join(", ")}` });
    }
    // Issue 33 (finding 8): of a flood of request cards a player posted at once (backdated), no
    // more are answered (a GM's card or question made of it, or the GM's refusal of what it asks;
    // a refusal for being beyond the cap reads nothing of it) than one player
    // may have waiting. A card whose creation a GM's tab missed (fault injection) is one that tab
    // could not count among those waiting: when it reloads it finds the card waiting alone, as a
    // request posted later would be, so each such card may be answered besides the three.
    for (const f of log.floods) this.floods.push(f);
    for (const f of this.floods) {
      this.checks++;
      const unseen = f.ids.filter((id) => ev.createsMissedByGM.has(id)).length;
      const answered = f.ids.filter((id) => {
        if (gmCardIn(ev, "card", (c) => c.requestId === id) || gmCardIn(ev, "strike", (c) => c.requestId === id)) return true;
        const m = ev.world.messages.get(id) ?? ev.world.removedMessages.get(id);
        const request = (m?.flags[M] as { request?: { state?: string; outcome?: { key?: string } } } | undefined)?.request;
        // Refused for being beyond the cap is the cap at work, not an answer: nothing of it was read.
        return request?.state === "refused" && request.outcome?.key !== "WC.Refuse.tooManyWaiting";
      });
      if (answered.length > WAITING_CAP + unseen && !f.reported) {
        f.reported = true;
        out.push({ invariant: "count", detail: `${answered.length} of a flood of ${f.ids.length} backdated requests were answered; a player may have ${WAITING_CAP} waiting${unseen > 0 ? ` (and ${unseen} a GM's tab never received)` : ""}` });
      }
    }
    // Nothing comes of a player's own card: no GM's card answers it, no GM's write follows.
    for (const id of log.forgedCards) this.forgedCards.add(id);
    for (const id of this.forgedCards) {
      this.checks++;
      const made = gmCardIn(ev, "card", (c) => c.requestId === id);
      if (made) out.push({ invariant: "forged", detail: `the player's own card ${id} was carried out as ${made.id}` });
    }
    if (before !== null) {
      this.checks++;
      const after = snapshot(ev);
      if (after !== before) out.push({ invariant: "forged", detail: `a forged request or card changed the world: ${changedPart(before, after)}` });
    }
    if (holdsBefore !== null) {
      this.checks++;
      const after = holdsView(ev);
      if (after !== holdsBefore) out.push({ invariant: "forged", detail: `a player's change to a hold half stayed: ${holdsBefore} -> ${after}` });
    }

    // ownership: what players' tabs wrote.
    for (const w of ev.world.writes.slice(this.writesSeen)) {
      const user = ev.world.usersCollection.get(w.user);
      if (!user || user.isGM) continue;
      this.checks++;
      // A message is its author's; a combatant its creature's owner's to remove (C-73), which the server checks itself.
      if (w.documentName === "ChatMessage" || (w.documentName === "Combatant" && w.op === "delete")) continue;
      const doc = w.parent ? ev.world.fromUuidSync(w.parent) : null;
      const owner = doc && typeof (doc as FakeActor).testUserPermission === "function" ? (doc as FakeActor).testUserPermission(user, "OWNER") : false;
      if (!owner && doc !== null) out.push({ invariant: "ownership", detail: `${user.name}'s tab wrote ${w.op} ${w.documentName} on ${w.parent}, which they do not own` });
      if (doc === null && w.documentName !== "ActiveEffect") out.push({ invariant: "ownership", detail: `${user.name}'s tab wrote ${w.op} ${w.documentName} ${w.parent}` });
    }
    this.writesSeen = ev.world.writes.length;
    for (const r of ev.world.permissionRefusals.slice(this.refusalsSeen)) {
      const user = ev.world.usersCollection.get(r.user);
      this.checks++;
      if (user && !user.isGM) out.push({ invariant: "ownership", detail: `${user.name}'s tab tried to write ${r.what}, which they do not own` });
    }
    this.refusalsSeen = ev.world.permissionRefusals.length;

    // errors, overlaps.
    this.checks++;
    for (const e of escaped) out.push({ invariant: "errors", detail: e instanceof Error ? `${e.message}\n${(e.stack ?? "").split("\n").slice(1, 6).join("\n")}` : String(e) });
    for (const c of ev.world.clients) {
      const seen = this.clientErrors.get(c) ?? 0;
      for (const e of c.errors.slice(seen)) out.push({ invariant: "errors", detail: `a hook threw on ${c.user.name}'s tab: ${e instanceof Error ? e.message : String(e)}` });
      this.clientErrors.set(c, c.errors.length);
    }
    // Two writes met on one parent. Where one came from a tab that closed with it on its way (the
    // server still had it; no tab could know), or was a person's own edit through Foundry's
    // interface, the module could not have waited for it: counted apart, not a break.
    this.checks++;
    for (const o of ev.world.overlapDetails.slice(this.overlapsSeen)) {
      if (o.fromClosedTab) this.closedTabOverlaps++;
      else if (o.byHand) this.byHandOverlaps++;
      else out.push({ invariant: "overlaps", detail: `two writes at once on ${o.parent || "the world's actors"} (${o.clients.map((c) => c.user.name).join(", ")})` });
    }
    this.overlapsSeen = ev.world.overlapDetails.length;
    return out;
  }
}

/** Whether a request card asking a temporary-damage correction, made by this user since this write, was refused. */
function refusedCorrection(ev: Evening, since: number, by: string): boolean {
  const made = ev.world.writes.slice(since).filter((w) => w.user === by && w.documentName === "ChatMessage" && w.op === "create" && w.id !== undefined);
  return made.some((w) => {
    const m = ev.world.messages.get(w.id ?? "") ?? ev.world.removedMessages.get(w.id ?? "");
    const request = (m?.flags[M] as { request?: { state?: string; ask?: { kind?: string } } } | undefined)?.request;
    return request?.state === "refused" && (request.ask?.kind === "temporary" || request.ask === null || request.ask === undefined);
  });
}
