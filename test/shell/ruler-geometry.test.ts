// The ruler's geometry, pure: which steps of a dragged path lie beyond the pace a group has left,
// where the path crosses it, and the words at its end. Hand-made numbers: 5 ft squares of 100
// pixels; a group left 60 ft (000: the fighter's 120 ft halved by one goblin hanging on), 20 ft
// (after 40 ft dragged this round), or held fast at 0.
import { describe, expect, it } from "vitest";
import type { PaceLeft } from "../../src/rules/index.ts";
import { markAt, paceWords, splitAtPace } from "../../src/foundry/map/ruler-geometry.ts";

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
