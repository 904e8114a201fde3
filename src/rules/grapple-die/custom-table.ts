/**
 * A GM's own grapple-die table in place of the project default: every row well formed, and every
 * adjusted die result (from minus to plus infinity) falling in exactly one row.
 */
import type { InputIssue } from "../core/errors.ts";
import { IssueList, RulesInputError } from "../core/errors.ts";
import { checkTable } from "../core/table.ts";
import type { Obj } from "../core/validate.ts";
import type { GrappleTable } from "./grapple.ts";
import { GRAPPLE_DIE_TABLE } from "./tables.ts";

export function validateDamageExpr(issues: IssueList, v: unknown, path: string): void {
  if (!issues.object(path, v)) return;
  const e = v as Obj;
  if (e.dice !== null && issues.object(`${path}.dice`, e.dice)) {
    const f = e.dice as Obj;
    issues.int(`${path}.dice.count`, f.count, 1, 20);
    issues.int(`${path}.dice.sides`, f.sides, 1, 100);
  }
  issues.int(`${path}.flat`, e.flat, 0, 100);
}

export function validateEffects(issues: IssueList, v: unknown, path: string): void {
  if (!issues.object(path, v)) return;
  const e = v as Obj;
  issues.int(`${path}.defenderToHit`, e.defenderToHit, -20, 0);
  issues.int(`${path}.handsUnusable`, e.handsUnusable, 0, 10);
  for (const k of ["noTwoWeapon", "cannotRise", "noSomaticSpells", "noVerbalSpells", "strangle"]) issues.bool(`${path}.${k}`, e[k]);
}

function validateRow(issues: IssueList, v: unknown, path: string): void {
  if (!issues.object(path, v)) return;
  const r = v as Obj;
  if (!issues.oneOf(`${path}.kind`, r.kind, ["slip", "hold"] as const)) return;
  issues.str(`${path}.name`, r.name);
  if (r.kind === "slip") return;
  validateDamageExpr(issues, r.damage, `${path}.damage`);
  validateEffects(issues, r.effects, `${path}.effects`);
  issues.bool(`${path}.prone`, r.prone);
  issues.int(`${path}.stunSegments`, r.stunSegments, 0, 100);
}

/**
 * A GM's replacement grapple-die table: every row well formed, and every adjusted die result
 * (from minus to plus infinity) falling in exactly one row; gaps and overlaps are named.
 */
export function validateTable(v: unknown, path: string): GrappleTable {
  if (v === undefined) return GRAPPLE_DIE_TABLE;
  const issues = new IssueList();
  if (!issues.object(path, v)) issues.throwIfAny();
  const t = v as Obj;
  issues.str(`${path}.id`, t.id);
  issues.str(`${path}.source`, t.source);
  if (!issues.array(`${path}.rows`, t.rows)) issues.throwIfAny();
  (t.rows as unknown[]).forEach((row, i) => {
    if (!issues.object(`${path}.rows[${i}]`, row)) return;
    validateRow(issues, (row as Obj).result, `${path}.rows[${i}].result`);
  });
  issues.throwIfAny();
  const coverage: InputIssue[] = checkTable(t as unknown as GrappleTable, path);
  if (coverage.length > 0) throw new RulesInputError(coverage);
  return t as unknown as GrappleTable;
}

