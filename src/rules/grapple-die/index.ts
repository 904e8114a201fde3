/** Variant grapple-die (source 002): the public surface. */
export * from "./actions.ts";
export * from "./attack.ts";
export * from "./breaks.ts";
export * from "./grapple.ts";
export * from "./holds.ts";
export * from "./odds.ts";
export * from "./options.ts";
export * from "./overbear.ts";
export * from "./profile.ts";
export * from "./pummel.ts";
export * from "./round-end.ts";
export * from "./subdual.ts";
export * from "./tables.ts";
export * from "./timing.ts";
export * from "./consequences.ts";
export * from "./variant.ts";
export * from "./next.ts";
