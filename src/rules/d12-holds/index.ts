/** Variant d12-holds (source 000): the public surface. */
export * from "./actions.ts";
export * from "./attack.ts";
export * from "./breaks.ts";
export * from "./charge.ts";
export * from "./grapple.ts";
export * from "./holds.ts";
export * from "./mass-charge.ts";
export * from "./odds.ts";
export * from "./options.ts";
export * from "./overbear.ts";
export * from "./profile.ts";
export * from "./pummel.ts";
export * from "./round-end.ts";
export * from "./strike-at-holder.ts";
export * from "./tables.ts";
export * from "./consequences.ts";
export * from "./variant.ts";
