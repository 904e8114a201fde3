// fast-check generators of valid variant-percentile inputs, for the property tests.
import fc from "fast-check";
import type { Defense, GrappleSituation, Hold, OverbearSituation, PercentileCombatant, PercentileOptions } from "../../../src/rules/percentile/index.ts";
import { CLASS_GROUPS, CONDITIONS, GRAPPLING_TABLE, PERCENTILE_DEFAULTS, PERCENTILE_OPTION_SCHEMA } from "../../../src/rules/percentile/index.ts";
import { sizeArb as size, strengthArb } from "../../support/arbitraries.ts";

const classPart = fc.oneof(
  fc.record({ kind: fc.constant<"character">("character"), classGroup: fc.constantFrom(...CLASS_GROUPS), level: fc.integer({ min: 0, max: 20 }) }),
  fc.record({ kind: fc.constant<"monster">("monster"), hitDice: fc.record({ dice: fc.integer({ min: 0, max: 20 }), adjustment: fc.integer({ min: -3, max: 6 }) }) }),
);

/** A valid profile; `conditions` drawn from every condition except those that stop all action when `active`. */
export function combatantArb(id: string, opts: { active?: boolean } = {}): fc.Arbitrary<PercentileCombatant> {
  const conds = opts.active ? CONDITIONS.filter((c) => c !== "stunned" && c !== "unconscious" && c !== "helpless") : [...CONDITIONS];
  return fc
    .record({
      cls: classPart,
      size,
      height: fc.integer({ min: 12, max: 200 }),
      weight: fc.integer({ min: 10, max: 2000 }),
      dexterity: fc.integer({ min: 3, max: 19 }),
      strength: strengthArb,
      armor: fc.option(fc.record({ ad: fc.integer({ min: 0, max: 10 }), magic: fc.integer({ min: 0, max: 3 }) }), { nil: null }),
      shield: fc.option(fc.record({ plus: fc.integer({ min: 0, max: 3 }) }), { nil: null }),
      helmet: fc.boolean(),
      dexAcBonus: fc.integer({ min: -3, max: 4 }),
      magicProtection: fc.integer({ min: 0, max: 3 }),
      speed: fc.integer({ min: 0, max: 240 }),
      foreLimbs: fc.integer({ min: 0, max: 4 }),
      abilities: fc.subarray(["grab", "hug", "constrict", "trample"] as const),
      maxMeleeAttackers: fc.integer({ min: 1, max: 8 }),
      conditions: fc.subarray(conds),
    })
    .map(({ cls, ...rest }) => ({ id, ...cls, ...rest }) as PercentileCombatant);
}

export const defenseArb: fc.Arbitrary<Defense> = fc.oneof(
  fc.constant<Defense>({ kind: "none" }),
  fc.record({ kind: fc.constant<"fendOff">("fendOff"), hit: fc.boolean() }),
  fc.record({ kind: fc.constant<"freeAttack">("freeAttack"), hit: fc.boolean(), contact: fc.boolean(), damaged: fc.boolean() }),
);

const assignment = fc.constantFrom<"chance" | "result">("chance", "result");

export function holdArb(holderId: string, heldId: string, maxRound: number): fc.Arbitrary<Hold> {
  return fc
    .record({
      rowIndex: fc.integer({ min: 0, max: GRAPPLING_TABLE.rows.length - 1 }),
      original: fc.boolean(),
      special: fc.boolean(),
      roundGained: fc.integer({ min: 1, max: maxRound }),
    })
    .map(({ rowIndex, ...h }) => ({ id: `${holderId}>${heldId}`, holderId, heldId, row: (GRAPPLING_TABLE.rows[rowIndex] as { result: Hold["row"] }).result, ...h }));
}

export const grappleSituationArb: fc.Arbitrary<GrappleSituation> = fc.record(
  {
    variable: fc.record({ attacker: assignment, target: assignment }),
    defense: defenseArb,
    special: fc.option(
      fc.record({ ability: fc.constantFrom<"grab" | "hug" | "constrict">("grab", "hug", "constrict"), linkedAttackHit: fc.boolean(), holdCategory: fc.option(fc.integer({ min: 1, max: 7 }), { nil: undefined }) }),
      { nil: undefined },
    ),
    charging: fc.boolean(),
    holdingItem: fc.boolean(),
    targetCasting: fc.boolean(),
    afterTackle: fc.boolean(),
    round: fc.integer({ min: 1, max: 10 }),
  },
  { requiredKeys: [] },
);

export const overbearSituationArb: fc.Arbitrary<OverbearSituation> = fc.record(
  {
    charging: fc.boolean(),
    variable: fc.record({ attacker: assignment, target: assignment }),
    defense: defenseArb,
    trample: fc.boolean(),
    trampleDamage: fc.integer({ min: 0, max: 20 }),
    tackle: fc.boolean(),
    chargeAcPenalty: fc.integer({ min: 0, max: 4 }),
    targetCasting: fc.boolean(),
  },
  { requiredKeys: [] },
);

/** Any combination of option values (the tables stay the defaults). */
export const optionsArb: fc.Arbitrary<PercentileOptions> = fc
  .record(
    Object.fromEntries(
      Object.entries(PERCENTILE_OPTION_SCHEMA)
        .filter(([, s]) => s.kind !== "tables")
        .map(([k, s]) => {
          if (s.kind === "boolean") return [k, fc.boolean()];
          if (s.kind === "choice") return [k, fc.constantFrom(...s.choices)];
          if (s.kind === "integer") return [k, fc.integer({ min: s.min, max: Math.min(s.max, 10) })];
          return [k, fc.constant(undefined)];
        }),
    ) as Record<string, fc.Arbitrary<unknown>>,
  )
  .map((o) => ({ ...PERCENTILE_DEFAULTS, ...o }) as PercentileOptions);
