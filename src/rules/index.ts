/**
 * The Weaponless Combat rules core: pure functions over plain data, dice injected. Nothing in
 * src/rules/ knows Foundry, the DOM or Math.random (tsconfig.rules.json checks it alone).
 */
export * from "./core/allowance.ts";
export * from "./core/consequences.ts";
export * from "./core/damage.ts";
export * from "./core/dice.ts";
export * from "./core/dist.ts";
export * from "./core/movement.ts";
export * from "./core/pace-left.ts";
export * from "./core/errors.ts";
export type { GrabAttack, GrabDice, GrabResult } from "./core/grab.ts";
export { validateGrab } from "./core/grab.ts";
export * from "./core/size.ts";
export * from "./core/strength.ts";
export * from "./core/table.ts";
export * from "./core/trace.ts";
export * as d12 from "./d12-holds/index.ts";
export * as grappleDie from "./grapple-die/index.ts";
export * as percentile from "./percentile/index.ts";
export { runAction, RULES_VARIANTS, VARIANTS } from "./variants.ts";
export type { VariantId, ActionOutcome } from "./variants.ts";
export { SHELL_ACTIONS } from "./variant.ts";
export type { OddsTone } from "./core/tone.ts";
export { isRefusalKey, isRefusalOdds, REFUSED_KEY, REFUSED_PLAIN_KEY } from "./core/shell.ts";
export type { ActionContext, AfterAction, Declared, FreeAttackRecord, Headline, HoldAction, MoveContext, MoveRollContext, MoveRollResolution, NextLine, OddsOutcome, OptionSchema, Participant, ProfileField, Resolution, RoundContext, RoundEndBreak, RoundResolution, RulesVariant, SheetFigure, ShellAction, Situational, Timer } from "./variant.ts";
