/**
 * A move the pre-move check took over, worked out on the GM's client (the only one that may write
 * every creature): the move checked again from the documents as the asking user, any roll made
 * with Foundry dice, the holds that end, and where each token goes (each brought token beside the
 * mover's new place on the side it stood, rising or sinking with it). Nothing is written here:
 * the map card carries it out (cards/map-card.ts), the whole group in one request.
 */
import type { Consequences, HoldRecord, MoveChoice } from "../../rules/index.ts";
import { noConsequences } from "../../rules/index.ts";
import { MODULE_ID } from "../base/constants.ts";
import { withFoundryDice } from "../base/dice.ts";
import type { CardLine, Destination, MoveJob, MovePick, StoredMapCard, StoredTokenMove } from "../base/types.ts";
import type { Side } from "../documents/cast.ts";
import { participant, Refusal, tokenByUuid } from "../documents/cast.ts";
import { paceUpdate } from "../documents/combat-state.ts";
import type { TokenWrite } from "../map/aloft.ts";
import { placeGroup } from "../map/placement.ts";
import { movementWalls, standing } from "../map/ground.ts";
import { leashBetween } from "../map/leash.ts";
import type { Situation } from "../map/check.ts";
import { draggedAction, FORCED_ACTION, teleports } from "../map/ruler.ts";
import { aloftOf, draggedThisRound, moveFeet, namesOf, refusalText, situationOf, spotOf, tooFar, tooFarText } from "../map/check.ts";
import { activeOptions, activeVariant } from "../world/settings.ts";
import type { CombatWrite } from "./writes.ts";

const GM_PICKS = ["bringAlong", "endHolds", "moveAlone"] as const;
const RULE_PICKS = ["drag", "letGo", "roll"] as const;
const KIND_PICKS = ["kindEnds", "kindAlong"] as const;
const MOVE_KINDS = ["teleport", "forced", "level"] as const;

type KindPick = Extract<MovePick, { kind: "kindEnds" | "kindAlong" }>;

export function isKindPick(p: MovePick): p is KindPick {
  return (KIND_PICKS as readonly string[]).includes(p.kind);
}

/** A scene's levels (v14, C-114): whether it has this one. */
function hasLevel(scene: unknown, id: string): boolean {
  const levels = (scene as { levels?: { has?(id: string): boolean } } | null)?.levels;
  return typeof levels?.has === "function" && levels.has(id);
}

/**
 * A move that is not a walk, checked again here from the documents: the kind must be what the
 * request says (a teleport's action teleports; a forced move is the GM's, with core's displace; a
 * level is the scene's), and the rules' option must still give the answer asked for.
 */
function kindChoice(p: KindPick, s: Situation, requester: User.Implementation): Choice {
  if (p.moveKind === "forced" && (!requester.isGM || p.action !== FORCED_ACTION)) throw new Refusal("WC.Refuse.notGM");
  if (p.moveKind === "teleport" && (p.action === undefined || p.action === FORCED_ACTION || !teleports(p.action))) throw new Refusal("WC.Refuse.stale");
  if (p.moveKind === "level") {
    if (p.level === undefined || !hasLevel(s.mover.token.parent, p.level)) throw new Refusal("WC.Refuse.stale");
    if (!requester.isGM && s.answer.kind === "cannot") throw asGiven(refusalText(s, s.answer));
  }
  const want = p.kind === "kindEnds" ? "ends" : "goesAlong";
  if (activeVariant().moveKind?.(p.moveKind, activeOptions()) !== want) throw new Refusal("WC.Refuse.stale");
  const mine = s.holds.filter((h) => h.holderId === s.mover.id || h.heldId === s.mover.id).map((h) => h.id);
  return want === "ends" ? { brings: [], ends: mine, paced: false } : { brings: s.others.map((o) => o.id), ends: [], paced: false };
}

export function isGmPick(p: MovePick): p is { kind: (typeof GM_PICKS)[number] } {
  return (GM_PICKS as readonly string[]).includes(p.kind);
}

interface Choice {
  readonly brings: readonly string[];
  readonly ends: readonly string[];
  readonly roll?: MoveChoice["roll"];
  /** Moving with others in tow counts against this round's pace. */
  readonly paced: boolean;
}

function asGiven(message: string): Refusal {
  return new Refusal("WC.Move.asGiven", { text: message });
}

function choiceOf(job: MoveJob, s: Situation, requester: User.Implementation, feet: number): Choice {
  const mine = (h: HoldRecord) => h.holderId === s.mover.id || h.heldId === s.mover.id;
  if (isKindPick(job.pick)) return kindChoice(job.pick, s, requester);
  if (isGmPick(job.pick)) {
    if (!requester.isGM) throw new Refusal("WC.Refuse.notGM");
    if (job.pick.kind === "bringAlong") return { brings: s.others.map((o) => o.id), ends: [], paced: false };
    if (job.pick.kind === "endHolds") return { brings: [], ends: s.holds.filter(mine).map((h) => h.id), paced: false };
    return { brings: [], ends: [], paced: false };
  }
  const a = s.answer;
  if (a.kind === "free") return { brings: [], ends: [], paced: false };
  if (a.kind === "cannot") throw asGiven(refusalText(s, a));
  const pick = job.pick;
  const c = a.choices.find((x) => x.kind === pick.kind && (x.roll === undefined || x.roll.holdId === pick.holdId));
  if (!c) throw new Refusal("WC.Refuse.stale");
  const used = draggedThisRound(s.mover.token, s.combat);
  if (tooFar(c, feet, used)) throw asGiven(tooFarText(s, c, feet, used));
  return { brings: c.brings, ends: c.ends, ...(c.roll ? { roll: c.roll } : {}), paced: c.brings.length > 0 };
}

/**
 * Where the mover and those it brings stand after the move, and which of them come down to the
 * ground they left. Each one brought takes the free place beside the mover nearest to where the
 * mover's own step would put it (map/placement.ts): never on the mover, on another of the group,
 * on a token that stays, or behind a wall. Throws a Refusal naming one that finds no room.
 */
function placesAfter(s: Situation, to: Destination, brings: readonly Side[], level?: string, action?: string): StoredTokenMove[] {
  const token = s.mover.token;
  const from = spotOf(token);
  const dest = { ...from, x: to.x, y: to.y };
  const scene = token.parent;
  const group = new Set([token.uuid, ...brings.map((b) => b.token.uuid)]);
  const brought = brings.map((b) => {
    const at = spotOf(b.token);
    const within = leashBetween(s, b.id);
    return { id: b.id, wish: { ...at, x: at.x + (dest.x - from.x), y: at.y + (dest.y - from.y) }, ...(within !== undefined ? { within } : {}) };
  });
  const placed = placeGroup({ mover: dest, brought, occupied: standing(scene, group), walls: movementWalls(scene) }, s.grid);
  if (!placed.ok) {
    const who = brings.find((b) => b.id === placed.id);
    throw new Refusal("WC.Move.noRoom", { name: who?.name ?? "", mover: s.mover.name });
  }
  const dz = to.elevation - (token.elevation ?? 0);
  const landed = (t: TokenDocument.Implementation, z: number) => {
    const a = aloftOf(t);
    return a !== null && z <= a.ground;
  };
  const out: StoredTokenMove[] = [{ uuid: token.uuid, x: to.x, y: to.y, elevation: to.elevation, ...(level !== undefined ? { level } : {}), ...(action !== undefined ? { action } : {}), ...(landed(token, to.elevation) ? { landed: true } : {}) }];
  for (const b of brings) {
    const p = placed.places.get(b.id) ?? spotOf(b.token);
    const z = (b.token.elevation ?? 0) + dz;
    out.push({ uuid: b.token.uuid, x: p.x, y: p.y, elevation: z, dragged: true, ...(level !== undefined ? { level } : {}), ...(action !== undefined ? { action } : {}), ...(landed(b.token, z) ? { landed: true } : {}) });
  }
  return out;
}

/** The token writes of a move: each token to its place (its lift-off mark gone where it landed). */
export function tokenMoves(moves: readonly StoredTokenMove[]): TokenWrite[] {
  return moves.flatMap((m) => {
    const token = tokenByUuid(m.uuid);
    if (!token) return [];
    const changes = { x: m.x, y: m.y, elevation: m.elevation, ...(m.level !== undefined ? { level: m.level } : {}), ...(m.landed ? { [`flags.${MODULE_ID}.aloft`]: null } : {}) };
    const action = m.action ?? (m.dragged ? draggedAction() : null);
    return [{ token, changes, ...(action ? { action } : {}) }];
  });
}

/** The combat's note of the distance dragged this round (kept where players cannot write). */
export function paceWrite(card: Pick<StoredMapCard, "pace">): CombatWrite | null {
  const p = card.pace;
  const combat = p ? game.combats.get(p.combatId) : undefined;
  return p && combat && (combat.round ?? 0) === p.round ? { combat, changes: paceUpdate(combat, p.tokenId, p.feet) } : null;
}

/** A move worked out: what it ends and sets, where the tokens go, the card that tells it (null: a plain move), and its dice. */
export interface PlannedMove {
  readonly mover: Side;
  readonly cast: readonly Side[];
  readonly holds: readonly HoldRecord[];
  readonly consequences: Consequences;
  readonly moves: readonly StoredTokenMove[];
  readonly card: StoredMapCard | null;
  readonly rolls: readonly Roll[];
  readonly pace: StoredMapCard["pace"] | null;
}

/** Works out a move for `requester`, checked again against the documents as they are now. Throws a Refusal. */
export async function planMove(job: MoveJob, requester: User.Implementation): Promise<PlannedMove> {
  const token = tokenByUuid(job.moverUuid);
  if (!token) throw new Refusal("WC.Refuse.tokenGone");
  const actor = token.actor as Actor.Implementation | null;
  if (!actor) throw new Refusal("WC.Refuse.noActor", { name: token.name ?? "" });
  if (!requester.isGM && !actor.testUserPermission(requester, "OWNER")) throw new Refusal("WC.Refuse.notOwner", { name: token.name ?? "" });
  if (Math.abs((token.x ?? 0) - job.from.x) >= 1 || Math.abs((token.y ?? 0) - job.from.y) >= 1) throw new Refusal("WC.Refuse.stale");
  const s = situationOf(token);
  if (!s) throw new Refusal("WC.Refuse.noActor", { name: token.name ?? "" });
  const feet = moveFeet({ ...spotOf(token), elevation: token.elevation ?? 0 }, job.to, job.distance, s.grid);
  const choice = choiceOf(job, s, requester, feet);
  const lines: CardLine[] = [];
  const c: Consequences = noConsequences();
  c.holdsRemoved.push(...choice.ends);
  let rolls: Roll[] = [];
  let moved = true;
  let brings = choice.brings;
  const variant = activeVariant();
  if (choice.roll) {
    if (!game.user.isGM) throw new Refusal("WC.Refuse.notGM");
    if (!variant.moveRoll) throw new Refusal("WC.Refuse.stale");
    const roll = choice.roll;
    const ctx = { mover: participant(s.mover, variant), others: s.others.map((o) => participant(o, variant)), holds: s.holds, inCombat: s.combat !== undefined, holdId: roll.holdId, round: s.combat?.round ?? 0 };
    const r = await withFoundryDice((dice) => variant.moveRoll?.(ctx, activeOptions(), dice));
    if (!r.value) throw new Refusal("WC.Refuse.stale");
    rolls = r.rolls;
    moved = r.value.moved;
    brings = r.value.brings;
    c.holdsRemoved.push(...r.value.consequences.holdsRemoved);
    c.conditions.push(...r.value.consequences.conditions);
    lines.push(r.value.headline);
  }
  const kindPick = isKindPick(job.pick) ? job.pick : null;
  for (const id of choice.ends) {
    const h = s.holds.find((x) => x.id === id);
    const key = kindPick ? `WC.Map.kindEnds.${kindPick.moveKind}` : isGmPick(job.pick) ? "WC.Map.gmEnds" : "WC.Map.letsGo";
    if (h) lines.push({ key, params: { who: s.mover.id, holder: h.holderId, held: h.heldId, hold: h.label } });
  }
  if (kindPick && brings.length > 0) lines.push({ key: `WC.Map.kindAlong.${kindPick.moveKind}`, params: { who: s.mover.id, brings: brings.join(",") } });
  const brought = brings.map((id) => s.others.find((o) => o.id === id)).filter((o): o is Side => o !== undefined);
  // A teleport takes those who go along with it the same way; the others walk beside the mover (dragged).
  const action = kindPick?.moveKind === "teleport" || kindPick?.moveKind === "forced" ? kindPick.action : undefined;
  const moves = moved ? placesAfter(s, job.to, brought, kindPick?.level, action) : [];
  const combat = s.combat;
  const pace = moved && choice.paced && combat ? { combatId: combat.id ?? "", tokenId: token.id ?? "", round: combat.round ?? 0, feet: draggedThisRound(token, combat) + feet } : null;
  if (!kindPick && lines.length > 0 && moved && brings.length > 0) lines.push({ key: "WC.Map.bringsAlong", params: { who: s.mover.id, brings: brings.join(",") } });
  const card: StoredMapCard | null =
    lines.length > 0
      ? { version: 1, title: { key: "WC.Map.moveTitle", params: { who: s.mover.id } }, lines, names: namesOf(s), state: "pending", consequences: c, moves, requestId: job.requestId, ...(pace ? { pace } : {}) }
      : null;
  return { mover: s.mover, cast: [s.mover, ...s.others], holds: s.holds, consequences: c, moves, card, rolls, pace };
}

function num(v: unknown): v is number {
  return typeof v === "number" && Number.isFinite(v);
}

/** A request's job from the wire, checked for shape (its meaning is checked against the documents). */
export function validateJob(raw: unknown): MoveJob {
  const j = raw as Partial<MoveJob> | null;
  const pick = j?.pick as { kind?: unknown; holdId?: unknown } | undefined;
  const kinds: readonly string[] = [...GM_PICKS, ...RULE_PICKS, ...KIND_PICKS];
  const k = raw as { pick?: { moveKind?: unknown; action?: unknown; level?: unknown } } | null;
  const kindOk =
    !KIND_PICKS.includes(pick?.kind as never) ||
    ((MOVE_KINDS as readonly unknown[]).includes(k?.pick?.moveKind) && (k?.pick?.action === undefined || typeof k.pick.action === "string") && (k?.pick?.level === undefined || typeof k.pick.level === "string"));
  const ok =
    j !== null &&
    typeof j === "object" &&
    typeof j.requestId === "string" &&
    typeof j.moverUuid === "string" &&
    num(j.from?.x) &&
    num(j.from?.y) &&
    num(j.to?.x) &&
    num(j.to?.y) &&
    num(j.to?.elevation) &&
    typeof pick?.kind === "string" &&
    kinds.includes(pick.kind) &&
    (pick.holdId === undefined || typeof pick.holdId === "string") &&
    (j.distance === null || num(j.distance)) &&
    kindOk;
  if (!ok) throw new Refusal("WC.Refuse.malformed");
  const to = j.to as Destination;
  return {
    requestId: j.requestId as string,
    moverUuid: j.moverUuid as string,
    from: { x: (j.from as { x: number }).x, y: (j.from as { y: number }).y },
    to: { x: to.x, y: to.y, elevation: to.elevation },
    pick: (KIND_PICKS.includes(pick.kind as never)
      ? { kind: pick.kind, moveKind: k?.pick?.moveKind, ...(typeof k?.pick?.action === "string" ? { action: k.pick.action } : {}), ...(typeof k?.pick?.level === "string" ? { level: k.pick.level } : {}) }
      : pick.holdId === undefined
        ? { kind: pick.kind }
        : { kind: pick.kind, holdId: pick.holdId }) as MovePick,
    distance: j.distance as number | null,
  };
}
