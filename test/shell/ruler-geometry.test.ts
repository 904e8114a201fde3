// The ruler's geometry, pure: which steps of a dragged path lie beyond the pace a group has left,
// where the path crosses it, and the words at its end. Hand-made numbers: 5 ft squares of 100
// pixels; a group left 60 ft (000: the fighter's 120 ft halved by one goblin hanging on), 20 ft
// (after 40 ft dragged this round), or held fast at 0.
import { describe, expect, it } from "vitest";
import type { PaceLeft } from "../../src/rules/index.ts";
import { leashCut, leashMark, leashWords, markAt, paceWords, pastLeash, splitAtPace } from "../../src/foundry/map/ruler-geometry.ts";

const paced = (limit: number, used: number): PaceLeft => ({ kind: "paced", limitFeet: limit, usedFeet: used, leftFeet: Math.max(0, limit - used), brings: ["g"], reason: "r" });
const fast: PaceLeft = { kind: "heldFast", leftFeet: 0, reason: "WC.Move.heldFast" };

describe("each step's mark", () => {
  it("60 ft left, 5 ft a unit: 12 units (60 ft) within, 13 beyond; a free token is the host's", () => {
    expect(markAt(paced(60, 0), 12, 5)).toBe("within");
    expect(markAt(paced(60, 0), 13, 5)).toBe("beyond");
    expect(markAt({ kind: "free" }, 100, 5)).toBe("host");
  });

  it("metres: a 1.5 m unit is 4.92 ft; 20 ft left is within 4 units (19.7 ft), beyond 5 (24.6 ft)", () => {
    const unit = 1.5 * 3.28084;
    expect(markAt(paced(60, 40), 4, unit)).toBe("within");
    expect(markAt(paced(60, 40), 5, unit)).toBe("beyond");
  });

  it("held fast: the start is within, any step beyond", () => {
    expect(markAt(fast, 0, 5)).toBe("within");
    expect(markAt(fast, 1, 5)).toBe("beyond");
  });
});

describe("the path cut at the pace", () => {
  // Four points east, 100 px and 5 ft apart: 0, 5, 10, 15 ft.
  const path = [0, 1, 2, 3].map((i) => ({ x: i * 100, y: 0, along: i * 1 }));

  it("20 ft left of a 15 ft path: all within, no cut", () => {
    expect(splitAtPace(path, paced(60, 40), 5)).toEqual({ within: path.map(({ x, y }) => ({ x, y })), beyond: [], cut: null });
  });

  it("7.5 ft left: cut halfway along the second step (150 px), the rest beyond from there", () => {
    const left: PaceLeft = { kind: "paced", limitFeet: 60, usedFeet: 52.5, leftFeet: 7.5, brings: ["g"], reason: "r" };
    expect(splitAtPace(path, left, 5)).toEqual({
      within: [{ x: 0, y: 0 }, { x: 100, y: 0 }, { x: 150, y: 0 }],
      beyond: [{ x: 150, y: 0 }, { x: 200, y: 0 }, { x: 300, y: 0 }],
      cut: { x: 150, y: 0 },
    });
  });

  it("held fast: cut at the start, the whole path beyond", () => {
    expect(splitAtPace(path, fast, 5)).toMatchObject({ within: [{ x: 0, y: 0 }], cut: { x: 0, y: 0 }, beyond: [{ x: 0, y: 0 }, { x: 100, y: 0 }, { x: 200, y: 0 }, { x: 300, y: 0 }] });
  });

  it("no speed to count: all within", () => {
    expect(splitAtPace(path, { kind: "paced", limitFeet: null, usedFeet: 0, leftFeet: null, brings: ["g"], reason: "r" }, 5).beyond).toEqual([]);
  });
});

describe("the words at the path's end", () => {
  it("40 ft of 60 left: 20 left; 65 ft: 5 past; held fast: 0; free: the host's label alone", () => {
    expect(paceWords(paced(60, 0), 40)).toEqual({ key: "WC.Ruler.within", params: { left: 20, limit: 60, feet: 40 }, beyond: false });
    expect(paceWords(paced(60, 0), 65)).toEqual({ key: "WC.Ruler.beyond", params: { over: 5, left: 60, limit: 60, feet: 65 }, beyond: true });
    expect(paceWords(fast, 15)).toEqual({ key: "WC.Ruler.heldFast", params: { left: 0 }, beyond: true });
    expect(paceWords({ kind: "free" }, 15)).toBeNull();
  });
});

// Issue 29, "the ruler shows the leash": a creature held at a distance (a leash of 10 ft: one
// square between it and its holder on the 5-ft grid) dragged away from its holder. The holder
// stands at (2,5), 100-pixel squares: from (4,5) one square lies between (10 ft, within); from
// (5,5) two (15 ft, 5 ft past). The footprints' gap rounds to whole squares, so a token dragged
// straight east leaves the leash where the gap reaches a square and a half: its corner at x 450.
describe("the leash on the ruler", () => {
  const square = { type: 1, size: 100, sizeX: 100, sizeY: 100, distance: 5, units: "ft" };
  const holder = { x: 200, y: 500, width: 1, height: 1 };
  const rope = [{ holder, feet: 10 }];
  const at = (x: number, y: number) => ({ x, y, width: 1, height: 1 });

  it("a step ending one square from the holder's side is within; two squares off is beyond; no leash is the host's", () => {
    expect(leashMark(rope, at(400, 500), square)).toBe("within");
    expect(leashMark(rope, at(500, 500), square)).toBe("beyond");
    expect(leashMark(rope, at(400, 700), square)).toBe("within");
    expect(leashMark(rope, at(400, 800), square)).toBe("beyond");
    expect(leashMark([], at(5000, 500), square)).toBe("host");
    expect(pastLeash(rope, at(500, 500), square)).toBe(5);
    expect(pastLeash(rope, at(400, 500), square)).toBe(0);
  });

  it("where the path leaves it: dragged from (4,5) to (7,5) (3 units), at x 450, half a unit along; a path that stays within has no cut", () => {
    const path = [
      { x: 400, y: 500, along: 0 },
      { x: 700, y: 500, along: 3 },
    ];
    expect(leashCut(path, { width: 1, height: 1 }, rope, square)).toEqual({ cut: { x: 450, y: 500 }, along: 0.5 });
    const stays = [
      { x: 400, y: 500, along: 0 },
      { x: 400, y: 700, along: 2 },
    ];
    expect(leashCut(stays, { width: 1, height: 1 }, rope, square)).toBeNull();
  });

  it("a path of several steps: the cut is in the first step that leaves, counted from the drag's start", () => {
    // (4,5) → (4,7) stays within (10 ft); (4,7) → (4,9) leaves where the gap below reaches 1.5 squares: y 750, one unit and a half along that step.
    const path = [
      { x: 400, y: 500, along: 0 },
      { x: 400, y: 700, along: 2 },
      { x: 400, y: 900, along: 4 },
    ];
    expect(leashCut(path, { width: 1, height: 1 }, rope, square)).toEqual({ cut: { x: 400, y: 750 }, along: 2.5 });
  });

  it("gridless: the gap is straight and not rounded, so the path leaves the leash where the gap reaches one space (100 px)", () => {
    const open = { ...square, type: 0 };
    const path = [
      { x: 300, y: 500, along: 0 },
      { x: 600, y: 500, along: 3 },
    ];
    // Beside (x 300) the reach is 5 ft, 10 ft at a gap of one space; the reach is counted to a
    // tenth of a foot (2 px), so it first reads past 10 ft at 10.1, when (1 + gap/100) x 5 >= 10.05:
    // a gap of 101 px, the creature's corner at x 401.
    const cut = leashCut(path, { width: 1, height: 1 }, rope, open);
    expect(cut?.cut.y).toBe(500);
    expect(cut?.cut.x).toBeCloseTo(401, 0);
  });

  it("the words at the path's end: how much rope is used, or how far past it the path ends", () => {
    expect(leashWords(rope, at(400, 500), square)).toEqual({ key: "WC.Ruler.leashWithin", params: { leash: 10, feet: 10 }, beyond: false });
    expect(leashWords(rope, at(600, 500), square)).toEqual({ key: "WC.Ruler.leashBeyond", params: { leash: 10, feet: 20, over: 10 }, beyond: true });
    expect(leashWords([], at(600, 500), square)).toBeNull();
  });
});
