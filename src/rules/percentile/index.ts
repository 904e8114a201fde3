/** Variant percentile (source 004): the public surface. */
export * from "./actions.ts";
export * from "./breaks.ts";
export * from "./custom-tables.ts";
export * from "./damage.ts";
export * from "./grapple.ts";
export * from "./holds.ts";
export * from "./modifiers.ts";
export * from "./odds.ts";
export * from "./options.ts";
export * from "./overbear.ts";
export * from "./profile.ts";
export * from "./round-end.ts";
export * from "./start.ts";
export * from "./tables.ts";
export * from "./variable.ts";
export * from "./variant.ts";
export * from "./next.ts";
