// Every value the systems layer fills in for a field no host system keeps, or for a fact a sheet
// lacks, is the variant's own default profile's value (src/systems/ordinary.ts), for every
// system, both kinds of creature and every variant. The expectation is the variant's
// `defaultProfile()` (for a monster, its profile module's default monster), never the systems
// layer's own table of values, so a literal restated in src/systems that differs fails here.
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { profileWithoutId } from "../../src/rules/core/shell.ts";
import { RULES_VARIANTS } from "../../src/rules/index.ts";
import { defaultCombatant as d12Default } from "../../src/rules/d12-holds/profile.ts";
import { defaultCombatant as gdDefault } from "../../src/rules/grapple-die/profile.ts";
import { defaultCombatant as percentileDefault } from "../../src/rules/percentile/profile.ts";
import type { VariantKey } from "../../src/systems/index.ts";
import { SYSTEMS, VARIANT_KEYS, readCreature } from "../../src/systems/index.ts";

type Kind = "character" | "monster";

const DEFAULT_OF: Record<VariantKey, (kind: Kind) => { readonly id: string }> = {
  "d12-holds": (kind) => d12Default("x", { kind }),
  "grapple-die": (kind) => gdDefault("x", { kind }),
  percentile: (kind) => percentileDefault("x", { kind }),
};

/** The variant's default profile for a kind, as `defaultProfile()` gives it (no id). */
function defaultProfile(variant: VariantKey, kind: Kind): Record<string, unknown> {
  return profileWithoutId(DEFAULT_OF[variant](kind));
}

/**
 * Filled values that are not one ordinary value, and why: each comes from a labelled project
 * table by size or hit dice, or is a reading of the actor's type.
 */
const NOT_ORDINARY: Readonly<Record<string, string>> = {
  "WC.Fill.heightBySize": "BODY_BY_SIZE, by the creature's size",
  "WC.Fill.weightBySize": "BODY_BY_SIZE, by the creature's size",
  "WC.Fill.strengthBySize": "MONSTER_STRENGTH_BY_SIZE, by the creature's size",
  "WC.Fill.thac0FromHitDice": "the monster THAC0 table, by hit dice",
};

/** An actor of each system holding nothing but its type: every fact is filled in. */
const BARE: ReadonlyArray<{ type: string; kind: Kind }> = [
  { type: "character", kind: "character" },
  { type: "npc", kind: "monster" },
  { type: "monster", kind: "monster" },
];

/** Fields each variant's profile takes filled in from a bare sheet (so the check cannot pass by checking nothing). */
const FILLED: Record<VariantKey, readonly string[]> = {
  "d12-holds": ["size", "dexAcAdjustment", "magicProtection", "specialAcBonus", "movement", "heavilyEncumbered", "arms", "legs", "hasWindpipe", "intelligence", "attacksPerRound", "monkLevel", "flight", "levelDrain", "freeAction", "aquatic", "pummelingWeapon", "conditions", "toHit", "holdReach"],
  "grapple-die": ["size", "legs", "hitDice", "hitDicePlus", "intelligence", "dexAcAdjustment", "saveVsBreath", "dexSaveAdjustment", "toHit", "grappleAbility", "pummelProficient", "conditions", "holdReach"],
  percentile: ["classGroup", "level", "hitDice", "size", "dexterity", "strength", "helmet", "dexAcBonus", "magicProtection", "speed", "foreLimbs", "abilities", "maxMeleeAttackers", "conditions", "holdReach"],
};

describe("ordinary values come from each variant's default profile", () => {
  it.each(VARIANT_KEYS)("%s: the default profile the test holds to is the variant's defaultProfile()", (variant) => {
    expect(defaultProfile(variant, "character")).toEqual(RULES_VARIANTS[variant]?.defaultProfile());
  });

  it.each(VARIANT_KEYS)("%s: every field filled from a bare sheet, in every system, is the default profile's", (variant) => {
    const checked = new Set<string>();
    const differ: string[] = [];
    for (const [systemId, system] of Object.entries(SYSTEMS)) {
      for (const { type } of BARE) {
        const r = readCreature({ type, name: "Bare", system: {} }, { system, variant });
        const kind = r.profile.kind as Kind;
        const want = defaultProfile(variant, kind);
        for (const [field, source] of Object.entries(r.sources)) {
          if (source !== "default") continue;
          const reason = r.reasons[field]?.key ?? "";
          if (reason in NOT_ORDINARY) continue;
          // An actor type the system does not name is read as a monster, on purpose (WC.Fill.kindUnknown).
          if (field === "kind" && reason === "WC.Fill.kindUnknown") continue;
          checked.add(field);
          if (!isDeepStrictEqual(r.profile[field], want[field])) differ.push(`${systemId} ${type} ${field}: filled ${JSON.stringify(r.profile[field])}, default ${JSON.stringify(want[field])}`);
        }
      }
    }
    expect(differ).toEqual([]);
    expect([...checked]).toEqual(expect.arrayContaining([...FILLED[variant]]));
  });
});
