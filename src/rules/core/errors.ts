/**
 * Bad input is reported as data: a path into the input, a code (which is also the tail of an
 * i18n key, `WC.Error.<code>`) and parameters. The shell turns it into a notification.
 */
export interface InputIssue {
  readonly path: string;
  readonly code: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

export class RulesInputError extends Error {
  override name = "RulesInputError";
  constructor(readonly issues: readonly InputIssue[]) {
    super(issues.map((i) => `${i.path}: ${i.code}${i.params ? " " + JSON.stringify(i.params) : ""}`).join("; "));
  }
}

/** Collects issues while a validator walks an input. */
export class IssueList {
  readonly items: InputIssue[] = [];

  add(path: string, code: string, params?: Record<string, string | number>): void {
    this.items.push(params ? { path, code, params } : { path, code });
  }

  int(path: string, v: unknown, min: number, max: number): v is number {
    if (typeof v !== "number" || !Number.isInteger(v)) {
      this.add(path, "notInteger", { got: describeValue(v) });
      return false;
    }
    if (v < min || v > max) {
      this.add(path, "outOfRange", { min, max, got: v });
      return false;
    }
    return true;
  }

  bool(path: string, v: unknown): v is boolean {
    if (typeof v !== "boolean") {
      this.add(path, "notBoolean", { got: describeValue(v) });
      return false;
    }
    return true;
  }

  oneOf<T extends string>(path: string, v: unknown, allowed: readonly T[]): v is T {
    if (typeof v !== "string" || !(allowed as readonly string[]).includes(v)) {
      this.add(path, "notOneOf", { allowed: allowed.join("|"), got: describeValue(v) });
      return false;
    }
    return true;
  }

  str(path: string, v: unknown): v is string {
    if (typeof v !== "string" || v.length === 0) {
      this.add(path, "notText", { got: describeValue(v) });
      return false;
    }
    return true;
  }

  object(path: string, v: unknown): v is Record<string, unknown> {
    if (typeof v !== "object" || v === null || Array.isArray(v)) {
      this.add(path, "notObject", { got: describeValue(v) });
      return false;
    }
    return true;
  }

  array(path: string, v: unknown): v is unknown[] {
    if (!Array.isArray(v)) {
      this.add(path, "notList", { got: describeValue(v) });
      return false;
    }
    return true;
  }

  throwIfAny(): void {
    if (this.items.length > 0) throw new RulesInputError(this.items);
  }
}

/** Longest piece of a text value an issue quotes: the rest is left out, as the value may be anyone's. */
const QUOTED = 40;

/**
 * A value as an issue names it: numbers and (short) texts as they are, anything else by its kind.
 * Never calls the value's own methods, so data made to throw (a `toString` that is not a
 * function) is named like any other.
 */
export function describeValue(v: unknown): string {
  if (v === undefined) return "missing";
  if (v === null) return "null";
  if (typeof v === "number") return Number.isNaN(v) ? "NaN" : String(v);
  if (typeof v === "string") return JSON.stringify(v.length > QUOTED ? `${v.slice(0, QUOTED)}…` : v);
  if (typeof v === "boolean") return v ? "true" : "false";
  return Array.isArray(v) ? "list" : typeof v;
}
