/**
 * Validators every variant's actions use on their plain-data input: objects, damage ledgers,
 * lists of holds with unique ids, holds and ledgers that must name known creatures, and the
 * optional whole-number and yes/no fields of a situation. Each variant checks the rest itself.
 */
import type { Ledger } from "./damage.ts";
import { IssueList } from "./errors.ts";

export type Obj = Record<string, unknown>;

/** The value as an object; throws RulesInputError (notObject at `path`) otherwise. */
export function obj(v: unknown, path: string): Obj {
  const issues = new IssueList();
  if (!issues.object(path, v)) issues.throwIfAny();
  return v as Obj;
}

/** Each of `keys` that `o` has must be a whole number in [min, max]. */
export function optInt(issues: IssueList, o: Obj, path: string, keys: readonly string[], min: number, max: number): void {
  for (const k of keys) if (o[k] !== undefined) issues.int(`${path}.${k}`, o[k], min, max);
}

/** Each of `keys` that `o` has must be true or false. */
export function optBool(issues: IssueList, o: Obj, path: string, keys: readonly string[]): void {
  for (const k of keys) if (o[k] !== undefined) issues.bool(`${path}.${k}`, o[k]);
}

/** An optional list of ids (non-empty text). */
export function idList(issues: IssueList, v: unknown, path: string): void {
  if (v !== undefined && issues.array(path, v)) (v as unknown[]).forEach((x, i) => issues.str(`${path}[${i}]`, x));
}

/** Checks a damage ledger's fields into `issues`; false when it is not even an object. */
export function checkLedger(issues: IssueList, v: unknown, path: string): v is Obj {
  if (!issues.object(path, v)) return false;
  issues.int(`${path}.maxHp`, v.maxHp, 1, 10000);
  issues.int(`${path}.actual`, v.actual, 0, 100000);
  issues.int(`${path}.temporary`, v.temporary, 0, 100000);
  return true;
}

/** A damage ledger; throws RulesInputError naming each bad field. */
export function validateLedger(v: unknown, path: string): Ledger {
  const issues = new IssueList();
  checkLedger(issues, v, path);
  issues.throwIfAny();
  return v as Ledger;
}

/**
 * Ledgers by creature id (optional): each is checked at once (a bad one throws), and with `ids`
 * each must belong to one of them.
 */
export function checkLedgers(issues: IssueList, v: unknown, path: string, ids?: ReadonlySet<string>): void {
  if (v === undefined || !issues.object(path, v)) return;
  for (const [id, l] of Object.entries(v)) {
    validateLedger(l, `${path}.${id}`);
    if (ids && !ids.has(id)) issues.add(`${path}.${id}`, "unknownCombatant", { id });
  }
}

/**
 * The checks every variant's hold starts with: an object (else it throws), the three ids, and no
 * creature holding itself. Returns the issues so far, for the variant's own fields to join.
 */
export function beginHold(v: unknown, path: string): { issues: IssueList; h: Obj } {
  const issues = new IssueList();
  if (!issues.object(path, v)) issues.throwIfAny();
  const h = v as Obj;
  issues.str(`${path}.id`, h.id);
  issues.str(`${path}.holderId`, h.holderId);
  issues.str(`${path}.heldId`, h.heldId);
  if (typeof h.holderId === "string" && h.holderId === h.heldId) issues.add(`${path}.heldId`, "holdsItself");
  return { issues, h };
}

/**
 * An optional list of holds (missing: none), each read by the variant's `validateHold`, and no
 * two with one id. `each` adds a variant's own checks on each hold, in order, to the same issues.
 */
export function validateHoldList<H extends { readonly id: string }>(
  v: unknown,
  path: string,
  validateHold: (v: unknown, path: string) => H,
  each?: (h: H, i: number, issues: IssueList) => void,
): H[] {
  if (v === undefined) return [];
  const issues = new IssueList();
  if (!issues.array(path, v)) issues.throwIfAny();
  const list = (v as unknown[]).map((h, i) => validateHold(h, `${path}[${i}]`));
  const ids = new Set<string>();
  list.forEach((h, i) => {
    if (ids.has(h.id)) issues.add(`${path}[${i}].id`, "duplicateId", { id: h.id });
    each?.(h, i, issues);
    ids.add(h.id);
  });
  issues.throwIfAny();
  return list;
}

/** Both creatures of every hold must be among `ids` (held first, then holder). */
export function checkHoldsAmong(issues: IssueList, holds: ReadonlyArray<{ readonly holderId: string; readonly heldId: string }>, path: string, ids: ReadonlySet<string>): void {
  holds.forEach((h, i) => {
    if (!ids.has(h.heldId)) issues.add(`${path}[${i}].heldId`, "unknownCombatant", { id: h.heldId });
    if (!ids.has(h.holderId)) issues.add(`${path}[${i}].holderId`, "unknownCombatant", { id: h.holderId });
  });
}

/** No two items with one id; each repeat is named at `pathOf(index)`. Returns the ids seen. */
export function checkUniqueIds(issues: IssueList, items: ReadonlyArray<{ readonly id: string }>, pathOf: (i: number) => string): Set<string> {
  const ids = new Set<string>();
  items.forEach((x, i) => {
    if (ids.has(x.id)) issues.add(pathOf(i), "duplicateId", { id: x.id });
    ids.add(x.id);
  });
  return ids;
}

/**
 * The round and the combatants of a round-end input (d12-holds and grapple-die): the round a
 * whole number from `minRound`, the combatants a list (both thrown at once when bad), each read
 * by the variant, and no id twice (added to the returned issues, thrown later with the rest).
 */
export function roundCombatants<C extends { readonly id: string }>(
  o: Obj,
  minRound: number,
  validateCombatant: (v: unknown, path: string) => C,
): { issues: IssueList; combatants: C[]; ids: Set<string> } {
  const issues = new IssueList();
  issues.int("input.round", o.round, minRound, 100000);
  issues.array("input.combatants", o.combatants);
  issues.throwIfAny();
  const combatants = (o.combatants as unknown[]).map((c, i) => validateCombatant(c, `input.combatants[${i}]`));
  const ids = new Set(combatants.map((c) => c.id));
  if (ids.size !== combatants.length) issues.add("input.combatants", "duplicateId");
  return { issues, combatants, ids };
}

/**
 * The checks every variant's profile starts with: an object (else it throws), an id, and a name
 * when it has one. Returns the issues so far, the profile, and `p` to name a field's path.
 */
export function beginProfile(v: unknown, path: string): { issues: IssueList; c: Obj; p: (field: string) => string } {
  const issues = new IssueList();
  if (!issues.object(path, v)) issues.throwIfAny();
  const c = v as Obj;
  issues.str(`${path}.id`, c.id);
  if (c.name !== undefined && typeof c.name !== "string") issues.add(`${path}.name`, "notText");
  // Every variant's: how far, in feet, an attack that takes hold reaches (0 or absent: beside only).
  if (c.holdReach !== undefined) issues.int(`${path}.holdReach`, c.holdReach, 0, 100);
  return { issues, c, p: (field) => `${path}.${field}` };
}

/** A list whose every entry is one of `allowed` (a profile's conditions, abilities). */
export function checkChoiceList(issues: IssueList, path: string, v: unknown, allowed: readonly string[]): void {
  if (issues.array(path, v)) v.forEach((x, i) => issues.oneOf(`${path}[${i}]`, x, allowed));
}

/**
 * The input of a `damageSplit` action: `{total, kind}`, `kind` one of the variant's damage kinds,
 * and the variant's yes/no flags (each optional). Throws on bad input.
 */
export function splitInput<K extends string, F extends string>(input: unknown, kinds: readonly K[], flags: readonly F[] = []): { total: number; kind: K } & Record<F, boolean> {
  const i = obj(input, "input");
  const issues = new IssueList();
  issues.int("input.total", i.total, 0, 100000);
  issues.oneOf("input.kind", i.kind, kinds);
  for (const f of flags) if (i[f] !== undefined) issues.bool(`input.${f}`, i[f]);
  issues.throwIfAny();
  const out: Record<string, unknown> = { total: i.total, kind: i.kind };
  for (const f of flags) out[f] = i[f] === true;
  return out as { total: number; kind: K } & Record<F, boolean>;
}

/** The input of a `vitality` action: `{ledger}`. */
export function ledgerInput(input: unknown): Ledger {
  return validateLedger(obj(input, "input").ledger, "input.ledger");
}
