/**
 * GM-supplied replacements for the Grappling and Overbear tables. 004 names both tables without
 * printing them, so a GM who has the author's own tables can swap them in; this checks such a
 * table before any procedure reads it: rows in order with no gap and no overlap (core
 * checkTable), both ends open, categories whole numbers that never fall as results rise, and
 * each row's data of the right types.
 */
import type { InputIssue } from "../core/errors.ts";
import { IssueList, RulesInputError } from "../core/errors.ts";
import type { RangeTable } from "../core/table.ts";
import { checkTable } from "../core/table.ts";
import type { GrappleRow, OverbearRow, PercentileTables } from "./tables.ts";
import { DEFAULT_TABLES } from "./tables.ts";

type Obj = Record<string, unknown>;

export type FieldKind = "boolean" | "integer" | "positive" | "choice";

export const GRAPPLE_EFFECT_FIELDS: Record<string, FieldKind> = {
  targetMayCounter: "boolean",
  armHeld: "boolean",
  dropsItem: "boolean",
  noSomaticSpells: "boolean",
  noVerbalSpells: "boolean",
  targetToHit: "integer",
  holderChoice: "choice",
  strangle: "boolean",
  stunRounds: "positive",
  extraAttack: "boolean",
};

const OVERBEAR_EFFECT_FIELDS: Record<string, FieldKind> = {
  targetMayCounter: "boolean",
  attackerAtFeet: "boolean",
  hinderedRounds: "positive",
  extraAttack: "boolean",
  prone: "boolean",
  losesMinorAction: "boolean",
  stunRounds: "positive",
};

function checkEffects(issues: IssueList, path: string, v: unknown, fields: Record<string, FieldKind>): void {
  if (!issues.object(path, v)) return;
  for (const [k, x] of Object.entries(v)) {
    const kind = fields[k];
    const p = `${path}.${k}`;
    if (kind === undefined) issues.add(p, "unknownEffect", { known: Object.keys(fields).join("|") });
    else if (kind === "boolean") issues.bool(p, x);
    else if (kind === "integer") issues.int(p, x, -20, 20);
    else if (kind === "positive") issues.int(p, x, 1, 100);
    else issues.oneOf(p, x, ["trip", "throw"] as const);
  }
}

/** Checks one row result of either table: category, name, damage and effects. */
export function checkRowResult(issues: IssueList, path: string, v: unknown, nameKey: "hold" | "result", fields: Record<string, FieldKind>): void {
  if (!issues.object(path, v)) return;
  issues.int(`${path}.category`, v.category, 1, 99);
  issues.str(`${path}.${nameKey}`, v[nameKey]);
  issues.int(`${path}.damage`, v.damage, 0, 1000);
  checkEffects(issues, `${path}.effects`, v.effects, fields);
}

/**
 * Every issue with a candidate table: structure first, then coverage (a gap or an overlap names
 * the rows), then categories in order. An empty list means the table is usable.
 */
export function tableIssues(v: unknown, path: string, kind: "grappling" | "overbear"): InputIssue[] {
  const issues = new IssueList();
  if (!issues.object(path, v)) return issues.items;
  issues.str(`${path}.id`, v.id);
  issues.str(`${path}.source`, v.source);
  if (!issues.array(`${path}.rows`, v.rows)) return issues.items;
  const rows = v.rows;
  rows.forEach((r, i) => {
    const rp = `${path}.rows[${i}]`;
    if (!issues.object(rp, r)) return;
    for (const k of ["min", "max"] as const) if (r[k] !== undefined) issues.int(`${rp}.${k}`, r[k], -10000, 10000);
    checkRowResult(issues, `${rp}.result`, r.result, kind === "grappling" ? "hold" : "result", kind === "grappling" ? GRAPPLE_EFFECT_FIELDS : OVERBEAR_EFFECT_FIELDS);
  });
  if (issues.items.length > 0) return issues.items;
  const table = v as unknown as RangeTable<{ category: number }>;
  // Both ends open: any adjusted d100, however far out, finds a row.
  const coverage = checkTable(table, path);
  if (coverage.length > 0) return coverage;
  for (let i = 1; i < table.rows.length; i++) {
    const prev = (table.rows[i - 1] as { result: { category: number } }).result.category;
    const cur = (table.rows[i] as { result: { category: number } }).result.category;
    if (cur < prev) issues.add(`${path}.rows[${i}].result.category`, "categoryFalls", { previous: prev, got: cur });
  }
  return issues.items;
}

/** Reads a `tables` object ({grappling?, overbear?}) over `base`, throwing on any issue. */
export function readTables(v: unknown, path: string, base: PercentileTables = DEFAULT_TABLES): PercentileTables {
  if (v === undefined) return base;
  const issues = new IssueList();
  if (!issues.object(path, v)) issues.throwIfAny();
  const o = v as Obj;
  const all: InputIssue[] = [];
  for (const k of Object.keys(o)) {
    if (k !== "grappling" && k !== "overbear") all.push({ path: `${path}.${k}`, code: "unknownTable", params: { known: "grappling|overbear" } });
  }
  if (o.grappling !== undefined) all.push(...tableIssues(o.grappling, `${path}.grappling`, "grappling"));
  if (o.overbear !== undefined) all.push(...tableIssues(o.overbear, `${path}.overbear`, "overbear"));
  if (all.length > 0) throw new RulesInputError(all);
  return {
    grappling: (o.grappling as RangeTable<GrappleRow> | undefined) ?? base.grappling,
    overbear: (o.overbear as RangeTable<OverbearRow> | undefined) ?? base.overbear,
  };
}
