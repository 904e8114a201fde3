// fast-check generators of valid d12-holds inputs, for the property tests.
import fc from "fast-check";
import { d12 } from "../../src/rules/index.ts";
import type { KindAnswer } from "../../src/rules/index.ts";
import { sizeArb as size, strengthArb } from "./arbitraries.ts";

export function combatantArb(id: string): fc.Arbitrary<d12.D12Combatant> {
  return fc
    .record({
      kind: fc.constantFrom<"character" | "monster">("character", "monster"),
      size,
      grapplingSize: fc.option(size, { nil: undefined }),
      strength: fc.option(strengthArb, { nil: undefined }),
      dexAcAdjustment: fc.integer({ min: -4, max: 3 }),
      armor: fc.record({ type: fc.constantFrom(...d12.ARMOR_TYPES), plus: fc.integer({ min: 0, max: 3 }) }),
      shield: fc.option(fc.record({ plus: fc.integer({ min: 0, max: 3 }) }), { nil: null }),
      magicProtection: fc.integer({ min: 0, max: 3 }),
      specialAcBonus: fc.integer({ min: 0, max: 4 }),
      naturalAc: fc.option(fc.record({ ac: fc.integer({ min: -10, max: 10 }), basis: fc.constantFrom<"toughness" | "agility">("toughness", "agility") }), { nil: undefined }),
      movement: fc.integer({ min: 0, max: 36 }),
      heavilyEncumbered: fc.boolean(),
      arms: fc.integer({ min: 0, max: 6 }),
      legs: fc.integer({ min: 0, max: 8 }),
      hasWindpipe: fc.boolean(),
      intelligence: fc.constantFrom(...d12.INTELLIGENCE),
      attacksPerRound: fc.integer({ min: 1, max: 6 }),
      monkLevel: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 17 })),
      flight: fc.constantFrom<"none" | "wings" | "magic">("none", "wings", "magic"),
      levelDrain: fc.boolean(),
      freeAction: fc.boolean(),
      aquatic: fc.boolean(),
      pummelingWeapon: fc.boolean(),
      conditions: fc.subarray([...d12.CONDITIONS]),
      thac0: fc.integer({ min: 1, max: 21 }),
    })
    .chain((r) =>
      fc.integer({ min: 0, max: r.attacksPerRound }).map((limbs) => {
        const { thac0, grapplingSize, strength, naturalAc, ...rest } = r;
        const c: d12.D12Combatant = {
          id,
          ...rest,
          ...(grapplingSize ? { grapplingSize } : {}),
          ...(strength ? { strength } : {}),
          ...(naturalAc ? { naturalAc } : {}),
          ...(r.kind === "monster" ? { pummelLimbs: limbs } : {}),
          toHit: { kind: "thac0", thac0 },
        };
        return c;
      }),
    );
}

export const situationArb: fc.Arbitrary<d12.Situation> = fc.record({
  rear: fc.boolean(),
  underwater: fc.boolean(),
  toHitBonus: fc.integer({ min: -2, max: 3 }),
  damageBonus: fc.integer({ min: -2, max: 2 }),
  targetHits: fc.array(fc.record({ damaged: fc.boolean() }), { maxLength: 2 }),
  round: fc.integer({ min: 1, max: 10 }),
});

export function holdArb(holderId: string, heldId: string, maxRound: number): fc.Arbitrary<d12.Hold> {
  return fc.record({
    part: fc.constantFrom<d12.HoldPart>("leg", "body", "arm", "head", "strangle"),
    limb: fc.integer({ min: 0, max: 1 }),
    result: fc.integer({ min: 2, max: 15 }),
    sizeAdjustment: fc.integer({ min: -8, max: 3 }),
    holderSize: size,
    roundGained: fc.integer({ min: 1, max: maxRound }),
  }).map((h) => ({ id: `${holderId}>${heldId}`, holderId, heldId, ...h }));
}

export const optionsArb: fc.Arbitrary<d12.D12Options> = fc.record({
  armorMagicInGrappleAc: fc.boolean(),
  shieldMagicCounts: fc.boolean(),
  grappleLossNeedsDamage: fc.boolean(),
  grappleActualRounding: fc.constantFrom<"floor" | "ceil">("floor", "ceil"),
  laterBreakSizeFactor: fc.constantFrom<"negate" | "none">("negate", "none"),
  roundEndOrder: fc.shuffledSubarray([...d12.ROUND_END_STEPS], { minLength: 3, maxLength: 3 }),
  pummelSplit: fc.constantFrom<"perHit" | "perRoutine">("perHit", "perRoutine"),
  pummelMinimumDamage: fc.integer({ min: 0, max: 1 }),
  studdedLeather: fc.constantFrom<"leather" | "chain">("leather", "chain"),
  massChargeDeficit: fc.constantFrom<"floor" | "subtract">("floor", "subtract"),
  rearRankRounding: fc.constantFrom<"floorSide" | "exact">("floorSide", "exact"),
  strengthSizeInOverbear: fc.boolean(),
  missingPartHold: fc.constantFrom<"body" | "none">("body", "none"),
  largeFrontageFeet: fc.integer({ min: 4, max: 5 }),
  feetPerMoveInch: fc.integer({ min: 1, max: 30 }),
  heldMoverPace: fc.constantFrom<"perHolder" | "half" | "full">("perHolder", "half", "full"),
  holderDrags: fc.constantFrom<"never" | "twoSizesLarger">("never", "twoSizesLarger"),
  proneMovement: fc.constantFrom<"standFirst" | "free">("standFirst", "free"),
  liftOffFeet: fc.integer({ min: 1, max: 100 }),
  reelInPace: fc.constantFrom<"half" | "full">("half", "full"),
  chargeRun: fc.constantFrom<"doubleMove" | "move">("doubleMove", "move"),
  teleportInHold: fc.constantFrom<KindAnswer>("ends", "goesAlong", "refused"),
  forcedMoveInHold: fc.constantFrom<KindAnswer>("ends", "goesAlong", "refused"),
  levelChangeInHold: fc.constantFrom<KindAnswer>("ends", "goesAlong", "refused"),
  grabHold: fc.constantFrom<"roll" | "body">("roll", "body"),
  grabDamage: fc.constantFrom<"monster" | "ruleSet">("monster", "ruleSet"),
});

/** Walks a result and lists every path holding NaN, an infinity or undefined. */
export function badValues(v: unknown, path = "$"): string[] {
  if (v === undefined) return [path];
  if (typeof v === "number") return Number.isFinite(v) ? [] : [path];
  if (v === null || typeof v !== "object") return [];
  if (v instanceof Map) return [...v.entries()].flatMap(([k, x]) => badValues(x, `${path}[${String(k)}]`));
  return Object.entries(v).flatMap(([k, x]) => badValues(x, `${path}.${k}`));
}
