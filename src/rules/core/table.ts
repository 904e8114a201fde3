/**
 * Range tables: every table in the core maps a number (a die result plus modifiers) to one row.
 * `min`/`max` are inclusive; a missing bound is open. A GM-supplied replacement goes through
 * `checkTable`, which rejects gaps and overlaps with a message naming them.
 */
import type { InputIssue } from "./errors.ts";
import { RulesInputError, describeValue } from "./errors.ts";

export interface RangeRow<R> {
  readonly min?: number;
  readonly max?: number;
  readonly result: R;
}

export interface RangeTable<R> {
  readonly id: string;
  /** Where the numbers come from: a source text id, the host system, or "project default". */
  readonly source: string;
  readonly rows: readonly RangeRow<R>[];
}

/** The result type of a table, as a union of its rows' results when the table is `as const`. */
export type ResultOf<T extends RangeTable<unknown>> = T["rows"][number]["result"];

export function rowFor<T extends RangeTable<unknown>>(table: T, value: number): T["rows"][number] {
  for (const row of table.rows) {
    if ((row.min === undefined || value >= row.min) && (row.max === undefined || value <= row.max)) return row;
  }
  throw new RulesInputError([{ path: `table:${table.id}`, code: "tableGap", params: { value } }]);
}

export function lookup<T extends RangeTable<unknown>>(table: T, value: number): ResultOf<T> {
  return rowFor(table, value).result;
}

/**
 * Checks that every whole number in the table's domain falls in exactly one row: rows sorted,
 * the first open below (or starting at `from`), the last open above (or ending at `to`), and
 * each row starting right after the previous one ends.
 */
export function checkTable(table: RangeTable<unknown>, path: string, domain?: { from?: number; to?: number }): InputIssue[] {
  const issues: InputIssue[] = [];
  const rows = table.rows;
  if (rows.length === 0) {
    issues.push({ path, code: "tableEmpty" });
    return issues;
  }
  rows.forEach((r, i) => {
    for (const [k, v] of [["min", r.min], ["max", r.max]] as const) {
      if (v !== undefined && (typeof v !== "number" || !Number.isInteger(v))) {
        issues.push({ path: `${path}.rows[${i}].${k}`, code: "notInteger", params: { got: describeValue(v) } });
      }
    }
    if (r.min !== undefined && r.max !== undefined && r.min > r.max) {
      issues.push({ path: `${path}.rows[${i}]`, code: "tableRowInverted", params: { min: r.min, max: r.max } });
    }
  });
  if (issues.length > 0) return issues;
  const first = rows[0] as RangeRow<unknown>;
  if (first.min !== undefined && (domain?.from === undefined || first.min > domain.from)) {
    issues.push({ path: `${path}.rows[0]`, code: "tableGap", params: { from: domain?.from ?? "-inf", to: first.min - 1 } });
  }
  for (let i = 1; i < rows.length; i++) {
    const prev = rows[i - 1] as RangeRow<unknown>;
    const cur = rows[i] as RangeRow<unknown>;
    if (prev.max === undefined || cur.min === undefined) {
      // A row open at the end meets one open at the start: they overlap from the one's start to the other's end.
      issues.push({ path: `${path}.rows[${i}]`, code: "tableOverlap", params: { from: cur.min ?? "-inf", to: prev.max ?? "+inf" } });
      continue;
    }
    if (cur.min > prev.max + 1) {
      issues.push({ path: `${path}.rows[${i}]`, code: "tableGap", params: { from: prev.max + 1, to: cur.min - 1 } });
    } else if (cur.min <= prev.max) {
      issues.push({ path: `${path}.rows[${i}]`, code: "tableOverlap", params: { from: cur.min, to: prev.max } });
    }
  }
  const last = rows[rows.length - 1] as RangeRow<unknown>;
  if (last.max !== undefined && (domain?.to === undefined || last.max < domain.to)) {
    issues.push({ path: `${path}.rows[${rows.length - 1}]`, code: "tableGap", params: { from: last.max + 1, to: domain?.to ?? "+inf" } });
  }
  return issues;
}
