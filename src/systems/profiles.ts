/**
 * A creature's facts as each variant's combatant profile (exactly the shape of the vectors'
 * combatant input, docs/vectors*.md), with the source of every field and the reason for each
 * value filled in.
 */
import type { Strength } from "../rules/core/strength.ts";
import { NON_PROFICIENCY_PENALTY } from "./classes.ts";
import { MONSTER_STRENGTH_BY_SIZE } from "./fill.ts";
import { D12_ORDINARY, GRAPPLE_DIE_ORDINARY, PERCENTILE_ORDINARY } from "./ordinary.ts";
import { clamp, fill, plainZero, sheet } from "./read.ts";
import type { CreatureFacts, Fact, Reason, SourceKind } from "./types.ts";

export type VariantKey = "d12-holds" | "grapple-die" | "percentile";
export const VARIANT_KEYS: readonly VariantKey[] = ["d12-holds", "grapple-die", "percentile"];

export interface ReadProfile {
  /** The combatant profile, with `id` and `name`. */
  readonly profile: Record<string, unknown>;
  /** Per top-level profile field: where its value came from. */
  readonly sources: Record<string, SourceKind>;
  /** Per field: why it is what it is (every default has one; some sheet values too). */
  readonly reasons: Record<string, Reason>;
}

class Builder<P extends object> {
  /** `ordinary`: the variant's default profile, where fields no host system keeps come from. */
  constructor(private readonly ordinary: P) {}
  readonly profile: Record<string, unknown> = {};
  readonly sources: Record<string, SourceKind> = {};
  readonly reasons: Record<string, Reason> = {};
  /** Sets a field from a fact (the value may be transformed). */
  put<T>(field: string, fact: Fact<T>, value: unknown = fact.value): void {
    this.profile[field] = plainZero(value);
    this.sources[field] = fact.source;
    if (fact.reason) this.reasons[field] = fact.reason;
  }
  /** Sets a field from several facts: a default if any of them is one. */
  putFrom(field: string, facts: ReadonlyArray<Fact<unknown>>, value: unknown): void {
    const dflt = facts.find((f) => f.source === "default");
    const reason = dflt?.reason ?? facts.find((f) => f.reason)?.reason;
    this.put(field, { value, source: dflt ? "default" : "sheet", ...(reason ? { reason } : {}) });
  }
  /** A field no host system keeps: the variant's ordinary value, from its default profile. */
  plain(field: keyof P & string): void {
    this.put(field, fill(this.ordinary[field], "notOnSheets"));
  }
  done(): ReadProfile {
    return { profile: this.profile, sources: this.sources, reasons: this.reasons };
  }
}

function strengthValue(s: Strength): Strength {
  const score = clamp(Math.round(s.score), 1, 25);
  return score === 18 && s.exceptional !== undefined ? { score, exceptional: clamp(Math.round(s.exceptional), 1, 100) } : { score };
}

const ac = (n: number) => clamp(Math.round(n), -20, 10);

/** Feet an attack that takes hold reaches, whole, 0 to 100 (every variant's `holdReach`). */
const holdReach = (f: CreatureFacts) => clamp(Math.round(f.holdReach.value), 0, 100);

export function d12Profile(id: string, f: CreatureFacts): ReadProfile {
  const b = new Builder(D12_ORDINARY);
  b.put("id", sheet(id));
  b.put("name", sheet(f.name));
  b.put("kind", f.kind);
  b.put("size", f.size);
  // Strength is optional here: left out unless the sheet gives it (the rules then go without it).
  if (f.strength.value && f.strength.source === "sheet") b.put("strength", f.strength, strengthValue(f.strength.value));
  b.put("dexAcAdjustment", f.dexAcAdjustment, clamp(f.dexAcAdjustment.value, -6, 6));
  const armor = f.armor.value;
  b.put("armor", f.armor, { type: armor?.kind ?? "none", plus: armor && armor.kind !== "none" ? clamp(armor.plus, -5, 5) : 0 });
  b.put("shield", f.shield, f.shield.value ? { plus: clamp(f.shield.value.plus, -5, 5) } : null);
  b.put("magicProtection", f.magicProtection, clamp(f.magicProtection.value, -10, 10));
  b.plain("specialAcBonus");
  if (f.kind.value === "monster" && f.naturalAc.value !== null && !armor) {
    // The sheet gives the AC; whether it is a tough hide or agility it does not say.
    b.put("naturalAc", fill(null, "naturalAcBasis", { ac: ac(f.naturalAc.value) }), { ac: ac(f.naturalAc.value), basis: "toughness" });
  }
  if (f.ac.source === "sheet") b.put("normalAc", f.ac, ac(f.ac.value));
  b.put("movement", f.movement, clamp(Math.round(f.movement.value), 0, 240));
  b.plain("heavilyEncumbered");
  b.put("arms", f.arms, clamp(f.arms.value, 0, 100));
  b.put("legs", f.legs, clamp(f.legs.value, 0, 100));
  b.plain("hasWindpipe");
  b.put("intelligence", f.intelligence);
  b.put("attacksPerRound", f.attacksPerRound, clamp(f.attacksPerRound.value, 0, 20));
  b.put("monkLevel", f.monkLevel, clamp(f.monkLevel.value, 0, 30));
  b.put("flight", f.flight);
  b.plain("levelDrain");
  b.plain("freeAction");
  b.plain("aquatic");
  b.plain("pummelingWeapon");
  b.plain("conditions");
  b.put("toHit", f.thac0, { kind: "thac0", thac0: clamp(f.thac0.value, -10, 30) });
  b.put("holdReach", f.holdReach, holdReach(f));
  return b.done();
}

export function grappleDieProfile(id: string, f: CreatureFacts): ReadProfile {
  const b = new Builder(GRAPPLE_DIE_ORDINARY);
  const isChar = f.kind.value === "character";
  b.put("id", sheet(id));
  b.put("name", sheet(f.name));
  b.put("kind", f.kind);
  b.put("playerCharacter", f.playerCharacter);
  b.put("size", f.size);
  b.put("heightFt", f.heightIn, clamp(Math.round((f.heightIn.value / 12) * 100) / 100, 0.01, 1000));
  b.put("weightLb", f.weightLb, clamp(f.weightLb.value, 0.01, 10000000));
  b.put("legs", f.legs, clamp(f.legs.value, 0, 100));
  if (f.strength.value && f.strength.source === "sheet") b.put("strength", f.strength, strengthValue(f.strength.value));
  if (isChar) {
    b.put("hitDice", f.level, clamp(f.level.value, 0, 100));
    b.put("hitDicePlus", sheet(0));
  } else {
    b.put("hitDice", f.hitDice, clamp(f.hitDice.value.dice, 0, 100));
    b.put("hitDicePlus", f.hitDice, clamp(f.hitDice.value.adjustment, -10, 100));
  }
  b.put("intelligence", f.intelligence);
  b.put("ac", f.ac, ac(f.ac.value));
  b.put("dexAcAdjustment", f.dexAcAdjustment, clamp(f.dexAcAdjustment.value, -6, 6));
  b.put("shieldAc", f.shield, f.shield.value ? clamp(1 + f.shield.value.plus, 0, 10) : 0);
  b.putFrom("armor", [f.armor, f.helmet], { type: f.armor.value?.kind ?? "none", helm: f.helmet.value });
  b.put("saveVsBreath", f.saveVsBreath, clamp(f.saveVsBreath.value, 1, 30));
  b.plain("dexSaveAdjustment");
  b.put("toHit", f.thac0, { kind: "thac0", thac0: clamp(f.thac0.value, -10, 30) });
  const nat = f.naturalAttack.value;
  // A wielded weapon's length is not on any stat block: 3 ft, a one-handed weapon (project default).
  if (!isChar && nat && nat.kind === "weapon") b.put("readiedAttack", fill(null, "weaponLength", { ft: 3 }), { kind: "weapon", lengthFt: 3, damage: { count: nat.count, sides: nat.sides }, damageBonus: clamp(nat.bonus, -20, 50), toHitBonus: 0 });
  else if (!isChar && nat) b.put("readiedAttack", f.naturalAttack, { kind: "natural", lengthFt: 0, damage: { count: nat.count, sides: nat.sides }, damageBonus: clamp(nat.bonus, -20, 50), toHitBonus: 0 });
  else b.put("readiedAttack", isChar ? fill(null, "noReadiedWeapon") : f.naturalAttack, null);
  b.plain("grappleAbility");
  b.plain("pummelProficient");
  if (isChar) b.put("nonProficiencyPenalty", f.classGroup, NON_PROFICIENCY_PENALTY[f.classGroup.value]);
  else b.put("nonProficiencyPenalty", sheet(0, { key: "WC.Fill.monsterClassless" }));
  b.plain("conditions");
  b.put("holdReach", f.holdReach, holdReach(f));
  return b.done();
}

export function percentileProfile(id: string, f: CreatureFacts): ReadProfile {
  const b = new Builder(PERCENTILE_ORDINARY);
  const isChar = f.kind.value === "character";
  b.put("id", sheet(id));
  b.put("name", sheet(f.name));
  b.put("kind", f.kind);
  const [first, second, third] = f.classes.value;
  if (isChar && first && second) {
    // A multi-class: every class, as the sheet lists them (004; option multiClassColumn picks the column).
    b.put("classGroup", f.classes, first.group);
    b.put("level", f.classes, clamp(first.level, 0, 40));
    b.put("secondClass", f.classes, { group: second.group, level: clamp(second.level, 0, 40) });
    if (third) b.put("thirdClass", f.classes, { group: third.group, level: clamp(third.level, 0, 40) });
  } else if (isChar) {
    b.put("classGroup", f.classGroup);
    b.put("level", f.level, clamp(f.level.value, 0, 40));
  } else {
    b.put("hitDice", f.hitDice, { dice: clamp(f.hitDice.value.dice, 0, 100), adjustment: clamp(f.hitDice.value.adjustment, -99, 99) });
  }
  b.put("size", f.size);
  b.put("height", f.heightIn, clamp(Math.round(f.heightIn.value), 1, 100000));
  b.put("weight", f.weightLb, clamp(Math.round(f.weightLb.value), 1, 10000000));
  b.put("dexterity", f.dexterity, clamp(f.dexterity.value, 1, 25));
  if (f.strength.value) b.put("strength", f.strength, strengthValue(f.strength.value));
  else {
    const score = MONSTER_STRENGTH_BY_SIZE.rows[f.size.value];
    // A score the sheet holds but that could not be used keeps its reason.
    const rejected = f.strength.source === "default" ? f.strength.reason : undefined;
    b.put("strength", rejected ? { value: { score }, source: "default", reason: rejected } : fill({ score }, "strengthBySize", { size: f.size.value, score }));
  }
  const armor = f.armor.value;
  b.put("armor", f.armor, armor && armor.kind !== "none" ? { ad: clamp(armor.ad, -10, 10), magic: clamp(armor.plus, -5, 5) } : null);
  b.put("shield", f.shield, f.shield.value ? { plus: clamp(f.shield.value.plus, -5, 5) } : null);
  b.put("helmet", f.helmet);
  b.put("dexAcBonus", f.dexAcAdjustment, clamp(0 - f.dexAcAdjustment.value, -6, 6));
  b.put("magicProtection", f.magicProtection, clamp(f.magicProtection.value, -10, 10));
  b.put("speed", f.movement, clamp(Math.round(f.movement.value * 10), 0, 1000));
  b.put("foreLimbs", f.arms, clamp(f.arms.value, 0, 100));
  b.plain("abilities");
  b.plain("maxMeleeAttackers");
  b.plain("conditions");
  b.put("holdReach", f.holdReach, holdReach(f));
  return b.done();
}

export const PROFILE_BUILDERS: Readonly<Record<VariantKey, (id: string, f: CreatureFacts) => ReadProfile>> = {
  "d12-holds": d12Profile,
  "grapple-die": grappleDieProfile,
  percentile: percentileProfile,
};
