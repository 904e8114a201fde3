// A multi-classed adnd2e character: every class reaches the percentile profile, in the sheet's
// order, so that the rules choose its Variable column (004, option multiClassColumn); the rule
// sets with one class column take the best group and the highest level.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SYSTEMS, readCreature } from "../../src/systems/index.ts";

function rogueTurnedFighter(): unknown {
  const actor = JSON.parse(readFileSync("test/systems/fixtures/adnd2e/rogue-leather.json", "utf8")) as { system: { classes: unknown[] } };
  // Thief 3 as exported, plus Fighter 2: a thief/fighter.
  actor.system.classes = [...actor.system.classes, { chassisId: "fighter", level: 2, canLevelUp: false }];
  return actor;
}

describe("adnd2e multi-class", () => {
  it("percentile: thief 3 first, fighter 2 as the second class, both from the sheet", () => {
    const r = readCreature(rogueTurnedFighter(), { system: SYSTEMS.adnd2e!, variant: "percentile" });
    expect(r.profile).toMatchObject({ classGroup: "thief", level: 3, secondClass: { group: "fighter", level: 2 } });
    expect(r.profile).not.toHaveProperty("thirdClass");
    expect([r.sources.classGroup, r.sources.level, r.sources.secondClass]).toEqual(["sheet", "sheet", "sheet"]);
  });

  it("grapple-die (one column): the fighter group, before thief, and the highest level, 3", () => {
    const r = readCreature(rogueTurnedFighter(), { system: SYSTEMS.adnd2e!, variant: "grapple-die" });
    // DMG non-proficiency: fighters -2 (a thief alone would take -3).
    expect(r.profile).toMatchObject({ hitDice: 3, nonProficiencyPenalty: -2 });
    expect(r.profile).not.toHaveProperty("secondClass");
  });
});
