/**
 * The mass charge of variant d12-holds, from the canvas: chargers are the GM's selected tokens,
 * defenders the targeted ones. Ranks come from where the tokens stand along the charge and the
 * frontage each needs across it; the GM can correct them (ui/mass-charge-dialog.ts), tick the
 * chargers the defenders' own attacks killed, and set the obstacle. Here: the sides as the rules
 * see them, the roll, and what it writes; the card that tells it is cards/mass-charge-card.ts.
 */
import { d12 } from "../../rules/index.ts";
import type { Size } from "../../rules/index.ts";
import type { CastMember } from "../documents/cast.ts";
import { tokenByUuid } from "../documents/cast.ts";
import type { Plan } from "./apply.ts";
import { planConsequences } from "./apply.ts";
import { readProfile } from "../documents/actors.ts";
import { withFoundryDice } from "../base/dice.ts";
import { activeOptions } from "../world/settings.ts";
import type { StoredMassCharge } from "../base/types.ts";

export interface ChargeUnitView {
  readonly token: TokenDocument.Implementation;
  readonly unit: d12.MassChargeUnit;
}

interface Point {
  readonly x: number;
  readonly y: number;
}

function centre(t: TokenDocument.Implementation, grid: number): Point {
  return { x: (t.x ?? 0) + ((t.width ?? 1) * grid) / 2, y: (t.y ?? 0) + ((t.height ?? 1) * grid) / 2 };
}

function unitOf(token: TokenDocument.Implementation, id: string, rank: number): d12.MassChargeUnit {
  const p = readProfile(token.actor as Actor.Implementation, d12.d12Variant, token).profile as Partial<d12.D12Combatant>;
  return { id, size: (p.size ?? "M") as Size, rank, ...(p.kind ? { kind: p.kind } : {}), ...(p.strength ? { strength: p.strength } : {}) };
}

/**
 * Both sides with ranks worked out from the canvas. The charge runs from the chargers' centre
 * towards the defenders' centre; the front is as wide as the defenders' line across that
 * direction, plus one square.
 */
export function chargeFromCanvas(chargers: readonly TokenDocument.Implementation[], defenders: readonly TokenDocument.Implementation[], options: d12.D12Options): { attackers: ChargeUnitView[]; defenders: ChargeUnitView[]; frontFeet: number } {
  const scene = (chargers[0] ?? defenders[0])?.parent as unknown as { grid?: { size?: number; distance?: number } } | null;
  const grid = scene?.grid?.size ?? 100;
  const feetPerPixel = (scene?.grid?.distance ?? 5) / grid;
  const mean = (ts: readonly TokenDocument.Implementation[]) => {
    const cs = ts.map((t) => centre(t, grid));
    return { x: cs.reduce((s, c) => s + c.x, 0) / cs.length, y: cs.reduce((s, c) => s + c.y, 0) / cs.length };
  };
  const from = mean(chargers);
  const to = mean(defenders);
  const len = Math.hypot(to.x - from.x, to.y - from.y) || 1;
  const dir = { x: (to.x - from.x) / len, y: (to.y - from.y) / len };
  const along = (t: TokenDocument.Implementation) => {
    const c = centre(t, grid);
    return ((c.x - from.x) * dir.x + (c.y - from.y) * dir.y) * feetPerPixel;
  };
  const across = (t: TokenDocument.Implementation) => {
    const c = centre(t, grid);
    return ((c.x - from.x) * -dir.y + (c.y - from.y) * dir.x) * feetPerPixel;
  };
  const acrossDefenders = defenders.map(across);
  const frontFeet = Math.max(...acrossDefenders) - Math.min(...acrossDefenders) + grid * feetPerPixel;
  const side = (tokens: readonly TokenDocument.Implementation[], which: "attackers" | "defenders"): ChargeUnitView[] => {
    const units = tokens.map((t) => ({ token: t, unit: unitOf(t, t.uuid, 1) }));
    const ranks = d12.ranksFromPositions(
      units.map((u) => ({ id: u.unit.id, size: u.unit.size, chargeSize: d12.chargeSize(u.unit), along: along(u.token) })),
      frontFeet,
      which,
      options,
    );
    return units.map((u) => ({ token: u.token, unit: { ...u.unit, rank: ranks[u.unit.id] ?? 1 } }));
  };
  return { attackers: side(chargers, "attackers"), defenders: side(defenders, "defenders"), frontFeet };
}

export interface MassChargeChoice {
  readonly ranks: Readonly<Record<string, number>>;
  readonly killed: readonly string[];
  readonly obstacle: d12.Obstacle;
  readonly vlPoints?: Readonly<Record<string, number>>;
}

export function chargeInput(attackers: readonly ChargeUnitView[], defenders: readonly ChargeUnitView[], choice: MassChargeChoice): d12.MassChargeInput {
  const apply = (u: ChargeUnitView): d12.MassChargeUnit => ({
    ...u.unit,
    rank: choice.ranks[u.unit.id] ?? u.unit.rank,
    ...(choice.killed.includes(u.unit.id) ? { killed: true } : {}),
    ...(choice.vlPoints?.[u.unit.id] !== undefined ? { vlPoints: choice.vlPoints[u.unit.id] } : {}),
  });
  return { attackers: attackers.map(apply), defenders: defenders.map(apply), obstacle: choice.obstacle };
}

/** The creatures of a charge still on the canvas, by their token uuids. */
export function castOf(uuids: readonly string[]): CastMember[] {
  return uuids.flatMap((uuid) => {
    const actor = tokenByUuid(uuid)?.actor as Actor.Implementation | null | undefined;
    return actor ? [{ id: uuid, actor }] : [];
  });
}

/** The charge rolled with Foundry dice, with what it writes; null when the rules forbid it (an obstacle), with the reason. */
export async function resolveCharge(attackers: readonly ChargeUnitView[], defenders: readonly ChargeUnitView[], choice: MassChargeChoice, id: string): Promise<{ card: StoredMassCharge; plan: Plan; rolls: Roll[]; purposes: string[]; actors: Actor.Implementation[] } | null> {
  const options = activeOptions() as d12.D12Options;
  const input = chargeInput(attackers, defenders, choice);
  const { value: result, rolls, purposes } = await withFoundryDice((dice) => d12.resolveMassCharge(input, options, dice));
  // 000: no mass charge across such an obstacle.
  if (result.kind === "impossible") return null;
  const consequences = d12.massChargeConsequences(result);
  const units = [...attackers, ...defenders];
  const plan = planConsequences(consequences, castOf(units.map((u) => u.unit.id)), [], "d12-holds", id);
  const card: StoredMassCharge = { version: 1, requestId: id, result, consequences, names: Object.fromEntries(units.map((u) => [u.unit.id, u.token.name ?? ""])), state: "pending" };
  return { card, plan, rolls, purposes, actors: castOf(units.map((u) => u.unit.id)).map((m) => m.actor) };
}

/** What a charge card writes as the world is now (the creatures still on the canvas). */
export function chargePlan(card: StoredMassCharge): Plan {
  return planConsequences(card.consequences, castOf(Object.keys(card.names)), [], "d12-holds", card.requestId);
}
