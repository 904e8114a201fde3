// 002 works in segments: T002-07 and the worked timing examples of T002-08.
import { describe, expect, it } from "vitest";
import * as gd from "../../../src/rules/grapple-die/index.ts";

const segments = (s: gd.Schedule) => s.routines.map((r) => r.segment);

describe("scheduling attack routines", () => {
  // T002-07: a grapple takes 3 segments.
  it.each([
    [0, 3],
    [1, 4],
    [4, 7],
    [7, 10],
  ])("T002-07: a grapple begun on segment %i resolves on %i", (start, want) => {
    expect(gd.resolvesOn(start)).toBe(want);
    expect(segments(gd.schedule({ startSegment: start, mode: { kind: "grapple" } }))).toEqual([want]);
  });

  it("T002-08: a 7th-level dwarf with a war hammer (speed 4) and one iterative attacks on 4 and 7", () => {
    const s = gd.schedule({ mode: { kind: "weapon", speedFactor: 4 }, rate: { routines: 2, perRounds: 1 } });
    expect(s.routines).toEqual([
      { kind: "normal", segment: 4, attacks: 1 },
      { kind: "iterative", segment: 7, attacks: 1 },
    ]);
  });

  it("T002-08: with hammer and dagger, segment 6 (both) then 9 (hammer)", () => {
    const s = gd.schedule({ mode: { kind: "twoWeapon", speedFactors: [4, 2] }, rate: { routines: 2, perRounds: 1 } });
    expect(s.routines).toEqual([
      { kind: "normal", segment: 6, attacks: 2 },
      { kind: "iterative", segment: 9, attacks: 1 },
    ]);
  });

  it("T002-08: coup de grâce on a held orc: once on 4, twice on 7, once on 10", () => {
    const s = gd.schedule({ mode: { kind: "weapon", speedFactor: 4 }, rate: { routines: 2, perRounds: 1 }, coupDeGrace: true });
    expect(s.bySegment).toEqual([
      { segment: 4, routines: 1, attacks: 1 },
      { segment: 7, routines: 2, attacks: 2 },
      { segment: 10, routines: 1, attacks: 1 },
    ]);
  });

  // T002-08: 3 attacks per 2 rounds: 2 in the first round, 1 in the second, and so on.
  it.each([
    [1, 2],
    [2, 1],
    [3, 2],
    [4, 1],
  ])("T002-08: 3 routines per 2 rounds, round %i: %i", (round, n) => {
    expect(gd.routinesInRound(round, 3, 2)).toBe(n);
    expect(gd.schedule({ round, mode: { kind: "weapon", speedFactor: 4 }, rate: { routines: 3, perRounds: 2 } }).routines).toHaveLength(n);
  });

  it.each([
    ["one natural weapon: 1 segment", { kind: "natural", attacks: 1 }, [1]],
    ["claw/claw/bite: 3 segments", { kind: "natural", attacks: 3 }, [3]],
    ["a slow creature's own time", { kind: "natural", attacks: 1, segments: 5 }, [5]],
    ["a pummel with fists: 1 segment", { kind: "pummel" }, [1]],
    ["a pummel with a sword pommel: its speed", { kind: "pummel", speedFactor: 5 }, [5]],
    ["a whirlwind: +3 on the weapon, all at once", { kind: "whirlwind", speedFactor: 4, attacks: 5 }, [7]],
    ["a big creature's grapple", { kind: "grapple", segments: 5 }, [5]],
  ] as const)("%s", (_n, mode, want) => {
    expect(segments(gd.schedule({ mode, rate: { routines: 1, perRounds: 1 } }))).toEqual(want);
  });

  it("a whirlwind is one routine whatever the rate; a slow weapon's iterative falls past 10 and is lost", () => {
    const w = gd.schedule({ mode: { kind: "whirlwind", speedFactor: 4, attacks: 5 }, rate: { routines: 2, perRounds: 1 } });
    expect(w.routines).toEqual([{ kind: "normal", segment: 7, attacks: 5 }]);
    const slow = gd.schedule({ startSegment: 2, mode: { kind: "weapon", speedFactor: 9 }, rate: { routines: 2, perRounds: 1 } });
    expect(segments(slow)).toEqual([]);
    expect(slow.late.map((r) => r.segment)).toEqual([11, 14]);
  });

  it("a stun begun on segment 7 runs 17 segments from that round's start", () => {
    expect(gd.stunTimer(7)).toBe(17);
  });
});
