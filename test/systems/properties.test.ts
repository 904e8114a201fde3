// Whatever an actor holds, reading it gives a profile the variant accepts, or a CreatureDataError
// naming the field; never NaN, never a throw from deep inside.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RULES_VARIANTS } from "../../src/rules/index.ts";
import { CreatureDataError, SYSTEMS, VARIANT_KEYS, readCreature } from "../../src/systems/index.ts";

/** Any value a broken sheet may hold. */
const junk = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.double(),
  fc.constantFrom(NaN, Infinity, -Infinity, -0, 0, 18, 100, 3, 10),
  fc.string(),
  fc.constantFrom("3+3", "1-1", "18/00", "18/76", "5'10\"", "150 lb", "2 claws/1 bite", "1d8", "large", "sm", "equipped", "armor", "shield", "heavy", "plate-mail", "Average", "12\"", "120"),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 3 }),
);

function setPath(root: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split(".");
  let o: Record<string, unknown> = root;
  for (const k of keys.slice(0, -1)) {
    if (typeof o[k] !== "object" || o[k] === null || Array.isArray(o[k])) o[k] = {};
    o = o[k] as Record<string, unknown>;
  }
  o[keys[keys.length - 1] as string] = value;
}

/** An actor with odd values at the very paths a system reads (so the readers are reached). */
function actorOf(systemId: string) {
  const paths = Object.values(SYSTEMS[systemId]?.paths ?? {});
  const actorPaths = paths.filter((p) => p.startsWith("system.") && !/^system\.(protection|location|attributes\.magic|type|ac\.value|aac\.value|equipped|armorType|baseAc|magicBonus|isShield|shieldAcBonus|armor\.|magicalBonus|levels|identifier|damage|movement\.walk)$/.test(p));
  const item = fc.record({
    name: fc.oneof(fc.string(), fc.constantFrom("Plate Mail +1", "Shield +2", "Ring of Protection +1", "Helm", "Chain", "Leather"), fc.constant(undefined)),
    type: fc.oneof(fc.constantFrom("armor", "equipment", "weapon", "class", "race", "item"), junk),
    values: fc.array(fc.tuple(fc.constantFrom(...paths), junk), { maxLength: 8 }),
  });
  return fc
    .record({
      type: fc.oneof(fc.constantFrom("character", "npc", "monster", "creature", "Player"), fc.constant(undefined)),
      values: fc.array(fc.tuple(fc.constantFrom(...actorPaths), junk), { maxLength: 25 }),
      items: fc.oneof(fc.record({ list: fc.array(item, { maxLength: 5 }) }), fc.record({ junk })),
      token: fc.oneof(fc.record({ width: junk, height: junk }), junk),
      name: fc.oneof(fc.string(), fc.constant(undefined)),
    })
    .map((r) => {
      const actor: Record<string, unknown> = { system: {} };
      if (r.type !== undefined) actor.type = r.type;
      if (r.name !== undefined) actor.name = r.name;
      for (const [p, v] of r.values) setPath(actor, p, v);
      actor.items = "list" in r.items
        ? r.items.list.map((i) => {
            const it: Record<string, unknown> = { name: i.name, type: i.type, system: {} };
            for (const [p, v] of i.values) setPath(it, p, v);
            return it;
          })
        : r.items.junk;
      actor.prototypeToken = r.token;
      return actor;
    });
}

function hasBadNumber(v: unknown): boolean {
  if (typeof v === "number") return !Number.isFinite(v) || Object.is(v, -0);
  if (Array.isArray(v)) return v.some(hasBadNumber);
  if (v && typeof v === "object") return Object.values(v).some(hasBadNumber);
  return false;
}

describe.each(Object.keys(SYSTEMS))("%s: any actor data", (systemId) => {
  const system = SYSTEMS[systemId];
  if (!system) throw new Error(systemId);
  it.each(VARIANT_KEYS)("%s: a valid profile with a source for every field, never NaN", (variant) => {
    fc.assert(
      fc.property(actorOf(systemId), fc.boolean(), (actor, ascendingAC) => {
        const got = readCreature(actor, { system, variant, settings: { ascendingAC } });
        expect(hasBadNumber(got.profile)).toBe(false);
        RULES_VARIANTS[variant]?.validateProfile("x", got.profile, "p");
        expect(Object.keys(got.sources).sort()).toEqual(Object.keys(got.profile).sort());
      }),
      { numRuns: 150 },
    );
  });

  it("anything at all: a profile, or a CreatureDataError naming the field", () => {
    fc.assert(
      fc.property(fc.anything(), (data) => {
        try {
          const got = readCreature(data, { system, variant: "percentile" });
          expect(hasBadNumber(got.profile)).toBe(false);
        } catch (e) {
          expect(e).toBeInstanceOf(CreatureDataError);
          expect((e as CreatureDataError).field).toMatch(/^(actor|system|type|name)$/);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("the GM's overrides", () => {
  const ogre = { type: "npc", name: "Ogre", system: { attributes: { size: "large", ac: { value: 5 } }, hitdice: "4+1" } };
  it("win field by field; the rest stays the sheet's", () => {
    const got = readCreature(ogre, { system: SYSTEMS.ars as never, variant: "d12-holds", overrides: { size: "VL", movement: 15 } });
    expect(got.profile.size).toBe("VL");
    expect(got.profile.movement).toBe(15);
    expect(got.sources).toMatchObject({ size: "override", movement: "override", normalAc: "sheet" });
    expect(got.profile.normalAc).toBe(5);
  });
  it("one that does not fit is refused, naming it", () => {
    expect(() => readCreature(ogre, { system: SYSTEMS.ars as never, variant: "d12-holds", overrides: { size: "huge" } })).toThrow(expect.objectContaining({ field: "override.size", code: "notOneOf" }));
  });
  it("none at all: the sheet's reading", () => {
    const a = readCreature(ogre, { system: SYSTEMS.ars as never, variant: "grapple-die" });
    const b = readCreature(ogre, { system: SYSTEMS.ars as never, variant: "grapple-die", overrides: {} });
    expect(b).toEqual(a);
  });
});
