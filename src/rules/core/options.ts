/**
 * Rule options as every variant reads them: a table of defaults, a schema saying what each
 * option may hold (the settings form shows it), and one resolver that merges a partial set over
 * the defaults, naming every unknown option and bad value.
 */
import { IssueList } from "./errors.ts";

/** The kinds of option every variant may use. */
export type BasicOptionSchema =
  | { readonly kind: "boolean" }
  | { readonly kind: "choice"; readonly choices: readonly string[] }
  | { readonly kind: "integer"; readonly min: number; readonly max: number };

/** How the settings form shows one rule option (the union over all variants). */
export type OptionSchema =
  | BasicOptionSchema
  | { readonly kind: "order"; readonly steps: readonly string[] }
  | { readonly kind: "tables" };

/**
 * Reads a value of an option kind the core does not know (percentile's "tables"): adds any
 * issues to `issues` and returns `{ value }` when the value is usable.
 */
export type ExtraKindReader = (value: unknown, path: string, issues: IssueList) => { readonly value: unknown } | undefined;

/**
 * Merges `partial` over `defaults`, rejecting unknown names and bad values; `undefined` or `null`
 * gives the defaults themselves. Every issue found is reported at once, at `options.<name>`.
 */
export function resolveWithSchema<T extends object>(
  partial: unknown,
  defaults: T,
  schema: Readonly<Record<keyof T & string, OptionSchema>>,
  extraKinds: Readonly<Partial<Record<OptionSchema["kind"], ExtraKindReader>>> = {},
): T {
  if (partial === undefined || partial === null) return defaults;
  const issues = new IssueList();
  if (!issues.object("options", partial)) issues.throwIfAny();
  const out = { ...defaults } as Record<string, unknown>;
  const known: Readonly<Record<string, OptionSchema>> = schema;
  for (const [name, value] of Object.entries(partial as Record<string, unknown>)) {
    const s = Object.hasOwn(known, name) ? known[name] : undefined;
    const path = `options.${name}`;
    if (!s) {
      issues.add(path, "unknownOption");
      continue;
    }
    const extra = extraKinds[s.kind];
    if (extra) {
      const read = extra(value, path, issues);
      if (read) out[name] = read.value;
      continue;
    }
    switch (s.kind) {
      case "boolean":
        if (issues.bool(path, value)) out[name] = value;
        break;
      case "choice":
        if (issues.oneOf(path, value, s.choices)) out[name] = value;
        break;
      case "integer":
        if (issues.int(path, value, s.min, s.max)) out[name] = value;
        break;
      case "order":
        if (Array.isArray(value) && value.length === s.steps.length && s.steps.every((x) => value.includes(x))) {
          out[name] = [...(value as string[])];
        } else {
          issues.add(path, "notAnOrderOf", { steps: s.steps.join(",") });
        }
        break;
      case "tables":
        throw new Error(`option ${name}: kind "tables" needs a reader`);
    }
  }
  issues.throwIfAny();
  return out as T;
}
