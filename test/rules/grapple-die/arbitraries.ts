// fast-check generators of valid grapple-die inputs, for the property tests.
import fc from "fast-check";
import * as gd from "../../../src/rules/grapple-die/index.ts";
import { sizeArb as size, strengthArb } from "../../support/arbitraries.ts";

const readiedArb = fc.option(
  fc.record({
    kind: fc.constantFrom<"weapon" | "natural">("weapon", "natural"),
    lengthFt: fc.integer({ min: 0, max: 12 }),
    damage: fc.record({ count: fc.integer({ min: 1, max: 3 }), sides: fc.constantFrom(2, 3, 4, 6, 8, 10, 12) }),
    damageBonus: fc.integer({ min: -2, max: 4 }),
    toHitBonus: fc.integer({ min: -2, max: 3 }),
  }),
  { nil: null },
);

export function combatantArb(id: string): fc.Arbitrary<gd.GdCombatant> {
  return fc
    .record({
      kind: fc.constantFrom<"character" | "monster">("character", "monster"),
      playerCharacter: fc.boolean(),
      size,
      heightFt: fc.double({ min: 1, max: 30, noNaN: true }),
      weightLb: fc.double({ min: 5, max: 20000, noNaN: true }),
      legs: fc.integer({ min: 0, max: 8 }),
      strength: fc.option(strengthArb, { nil: undefined }),
      hitDice: fc.integer({ min: 0, max: 20 }),
      hitDicePlus: fc.integer({ min: 0, max: 4 }),
      intelligence: fc.constantFrom(...gd.INTELLIGENCE),
      ac: fc.integer({ min: -6, max: 10 }),
      dexAcAdjustment: fc.integer({ min: -4, max: 3 }),
      shieldAc: fc.integer({ min: 0, max: 3 }),
      armor: fc.record({ type: fc.constantFrom(...gd.ARMOR_TYPES), helm: fc.boolean() }),
      baseArmorRating: fc.option(fc.integer({ min: 0, max: 10 }), { nil: undefined }),
      hideRating: fc.option(fc.integer({ min: 0, max: 10 }), { nil: undefined }),
      saveVsBreath: fc.integer({ min: 2, max: 20 }),
      dexSaveAdjustment: fc.integer({ min: -3, max: 3 }),
      thac0: fc.integer({ min: 1, max: 21 }),
      readiedAttack: readiedArb,
      grappleAbility: fc.boolean(),
      pummelProficient: fc.boolean(),
      nonProficiencyPenalty: fc.integer({ min: -5, max: 0 }),
      conditions: fc.subarray([...gd.CONDITIONS]),
    })
    .map((r) => {
      const { thac0, strength, baseArmorRating, hideRating, ...rest } = r;
      const c: gd.GdCombatant = {
        id,
        ...rest,
        ...(strength ? { strength } : {}),
        ...(baseArmorRating !== undefined ? { baseArmorRating } : {}),
        ...(hideRating !== undefined ? { hideRating } : {}),
        toHit: { kind: "thac0", thac0 },
      };
      return c;
    });
}

/** A hold of `holderId` on `heldId` read off the default table at some adjusted die. */
export function holdArb(holderId: string, heldId: string): fc.Arbitrary<gd.Hold> {
  return fc.record({ die: fc.integer({ min: 3, max: 26 }), holderSize: size, heldSize: size, roundGained: fc.integer({ min: 1, max: 3 }), strangleRounds: fc.integer({ min: 0, max: 6 }) }).map((r) => {
    const row = gd.GRAPPLE_DIE_TABLE.rows.find((x) => (!("min" in x) || r.die >= x.min) && (!("max" in x) || r.die <= x.max));
    const result = row?.result;
    if (!result || result.kind !== "hold") throw new Error("unreachable: dice 3+ always hold");
    return {
      id: `${holderId}>${heldId}`,
      holderId,
      heldId,
      die: r.die,
      name: result.name,
      damage: result.damage,
      effects: result.effects,
      holderSize: r.holderSize,
      heldSize: r.heldSize,
      roundGained: r.roundGained,
      ...(result.effects.strangle ? { strangleRounds: r.strangleRounds } : {}),
    };
  });
}

export const optionsArb: fc.Arbitrary<gd.GrappleDieOptions> = fc
  .record({
    damageOnEstablish: fc.boolean(),
    changedHold: fc.constantFrom<"replace" | "keepBetter">("replace", "keepBetter"),
    grapplerBonusCountsOwnHold: fc.boolean(),
    breakGetsGrapplerBonus: fc.boolean(),
    breakFumbleProne: fc.constantFrom<"everyone" | "holdersOnly">("everyone", "holdersOnly"),
    dieStrength: fc.boolean(),
    holdDamageSizeStep: fc.boolean(),
    holdDamageStrength: fc.boolean(),
    grappleDamage: fc.constantFrom<"normal" | "subdual">("normal", "subdual"),
    muchLargerSteps: fc.integer({ min: 1, max: 3 }),
    grappledDexLoss: fc.constantFrom<"all" | "bonusOnly">("all", "bonusOnly"),
    counterGrappleFreeAttack: fc.boolean(),
    suffocationClock: fc.constantFrom<"whileHeld" | "whileUnconscious">("whileHeld", "whileUnconscious"),
    natural20AlwaysHits: fc.boolean(),
    chargeBonus: fc.integer({ min: 0, max: 4 }),
    chargerAc: fc.constantFrom<"osric" | "none">("osric", "none"),
    overbearLimits: fc.constantFrom<"both" | "either">("both", "either"),
    manyLeggedImmune: fc.boolean(),
    overbearStunNeedsFailedSave: fc.boolean(),
    pummelOtherwisePenalty: fc.constantFrom<"classlessLowHd" | "everyoneElse">("classlessLowHd", "everyoneElse"),
    hdPlusCountsAsOver: fc.boolean(),
    pummelDamage: fc.constantFrom<"normal" | "subdual">("normal", "subdual"),
    pummelImmunityNeedsHelm: fc.boolean(),
    subdualActualRounding: fc.constantFrom<"floor" | "ceil">("floor", "ceil"),
  })
  .map((r) => ({ ...gd.GRAPPLE_DIE_DEFAULTS, ...r }));

export const grappleSituationArb: fc.Arbitrary<gd.GrappleSituation> = fc.record(
  {
    round: fc.integer({ min: 1, max: 9 }),
    toHitBonus: fc.integer({ min: -3, max: 3 }),
    dieBonus: fc.integer({ min: -3, max: 3 }),
    attackIndex: fc.integer({ min: 1, max: 3 }),
  },
  { requiredKeys: [] },
);

export const overbearSituationArb: fc.Arbitrary<gd.OverbearSituation> = fc.record(
  {
    toHitBonus: fc.integer({ min: -3, max: 3 }),
    terrain: fc.integer({ min: -4, max: 0 }),
    saveBonus: fc.integer({ min: -2, max: 2 }),
    effect: fc.constantFrom<"prone" | "push">("prone", "push"),
  },
  { requiredKeys: [] },
);

/** Paths in a result where a value is NaN, undefined or not finite. */
export function badValues(v: unknown, path = "$"): string[] {
  if (v === undefined) return [path];
  if (typeof v === "number") return Number.isFinite(v) ? [] : [path];
  if (v === null || typeof v !== "object") return [];
  if (Array.isArray(v)) return v.flatMap((x, i) => badValues(x, `${path}[${i}]`));
  return Object.entries(v).flatMap(([k, x]) => badValues(x, `${path}.${k}`));
}
