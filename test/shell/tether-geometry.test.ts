// Tethers as numbers (src/foundry/map/tether-geometry.ts): where each end sits, how ends at one
// token fan out, how high an end is raised, what a viewer may see, and which look a hold takes.
// Every expected number is worked by hand in the comment beside it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { GridInfo } from "../../src/foundry/map/geometry.ts";
import type { TetherHold, TokenPlace, Viewer } from "../../src/foundry/map/tether-geometry.ts";
import {
  anchorsAt,
  DISPLAY_MODES,
  endGap,
  heightsOf,
  holdLook,
  layoutTethers,
  liftPixels,
  nameShown,
  nearestOnPath,
  pointOnPath,
  samplePath,
  spreadAngles,
  tetherAt,
  tetherPath,
  tetherShown,
  touchedBy,
} from "../../src/foundry/map/tether-geometry.ts";

const SQUARE: GridInfo = { type: 1, size: 100, sizeX: 100, sizeY: 100, distance: 5, units: "ft" };
const TAU = Math.PI * 2;

/** A token on the square grid at a column and row, one space unless told. */
function at(id: string, col: number, row: number, over: Partial<TokenPlace> = {}): TokenPlace {
  return { id, x: col * 100, y: row * 100, w: 100, h: 100, elevation: 0, hidden: false, visible: true, ...over };
}

const GM: Viewer = { isGM: true, enabled: true, playersSee: true };
const PLAYER: Viewer = { isGM: false, enabled: true, playersSee: true };
const hold = (id: string, holderId: string, heldId: string): TetherHold => ({ id, holderId, heldId, look: { part: "arm", kind: "hold" }, label: id });

describe("what a viewer may see", () => {
  const a = at("a", 0, 0);
  const b = at("b", 1, 0);
  it("a GM sees hidden tokens' tethers, but not one to a token the GM's view does not draw (looking through a token's eyes)", () => {
    expect(tetherShown(GM, a, b)).toBe(true);
    expect(tetherShown(GM, { ...a, hidden: true }, { ...b, hidden: true })).toBe(true);
    expect(tetherShown(GM, a, { ...b, visible: false })).toBe(false);
    expect(tetherShown({ ...GM, playersSee: false }, a, b)).toBe(true);
  });
  it("a player sees a tether only between two tokens that are not hidden and that they can see", () => {
    expect(tetherShown(PLAYER, a, b)).toBe(true);
    expect(tetherShown(PLAYER, { ...a, hidden: true }, b)).toBe(false);
    expect(tetherShown(PLAYER, a, { ...b, hidden: true })).toBe(false);
    expect(tetherShown(PLAYER, { ...a, visible: false }, b)).toBe(false);
    expect(tetherShown(PLAYER, a, { ...b, visible: false })).toBe(false);
  });
  it("the world's setting keeps them from players; the client's own setting from anyone; a token off the map shows none", () => {
    expect(tetherShown({ ...PLAYER, playersSee: false }, a, b)).toBe(false);
    expect(tetherShown({ ...GM, enabled: false }, a, b)).toBe(false);
    expect(tetherShown(GM, a, undefined)).toBe(false);
    expect(tetherShown(GM, a, a)).toBe(false);
  });
  it("names: a GM and the token's owners always; others where the token shows its name on hover or always", () => {
    expect(nameShown(true, false, DISPLAY_MODES.NONE)).toBe(true);
    expect(nameShown(false, true, DISPLAY_MODES.NONE)).toBe(true);
    expect(nameShown(false, false, DISPLAY_MODES.HOVER)).toBe(true);
    expect(nameShown(false, false, DISPLAY_MODES.ALWAYS)).toBe(true);
    for (const m of [DISPLAY_MODES.NONE, DISPLAY_MODES.CONTROL, DISPLAY_MODES.OWNER_HOVER, DISPLAY_MODES.OWNER, undefined]) expect(nameShown(false, false, m)).toBe(false);
  });
});

describe("the look of a hold, from each variant's own data", () => {
  it("d12-holds names the part; its stranglehold is one", () => {
    expect(holdLook("d12-holds", { part: "arm", limb: 0 })).toEqual({ part: "arm", kind: "hold" });
    expect(holdLook("d12-holds", { part: "leg" })).toEqual({ part: "leg", kind: "hold" });
    expect(holdLook("d12-holds", { part: "head" })).toEqual({ part: "head", kind: "hold" });
    expect(holdLook("d12-holds", { part: "body" })).toEqual({ part: "body", kind: "hold" });
    expect(holdLook("d12-holds", { part: "strangle" })).toEqual({ part: "throat", kind: "strangle" });
  });
  it("grapple-die reads its table row: the arm and leg holds, the stranglehold, the throw and pin", () => {
    expect(holdLook("grapple-die", { name: "armLock", effects: { handsUnusable: 1 } })).toEqual({ part: "arm", kind: "hold" });
    expect(holdLook("grapple-die", { name: "legHold", effects: { cannotRise: true } })).toEqual({ part: "leg", kind: "hold" });
    expect(holdLook("grapple-die", { name: "headLock", effects: {} })).toEqual({ part: "head", kind: "hold" });
    expect(holdLook("grapple-die", { name: "strangleHold", effects: { strangle: true } })).toEqual({ part: "throat", kind: "strangle" });
    expect(holdLook("grapple-die", { name: "throwPin", effects: { cannotRise: true } })).toEqual({ part: "body", kind: "pin" });
  });
  it("a GM's own grapple-die row is read from its effects", () => {
    expect(holdLook("grapple-die", { name: "wristTwist", effects: { handsUnusable: 2 } })).toEqual({ part: "arm", kind: "hold" });
    expect(holdLook("grapple-die", { name: "ankleTrap", effects: { cannotRise: true } })).toEqual({ part: "leg", kind: "hold" });
    expect(holdLook("grapple-die", { name: "garrotte", effects: { strangle: true } })).toEqual({ part: "throat", kind: "strangle" });
    expect(holdLook("grapple-die", { name: "hug", effects: {} })).toEqual({ part: "body", kind: "hold" });
  });
  it("percentile reads its Grappling Table row; a creature pinned by its holders shows every hold on it as a pin", () => {
    expect(holdLook("percentile", { row: { hold: "headlock", effects: { targetToHit: -2 } } })).toEqual({ part: "head", kind: "hold" });
    expect(holdLook("percentile", { row: { hold: "handLock", effects: { dropsItem: true } } })).toEqual({ part: "arm", kind: "hold" });
    expect(holdLook("percentile", { row: { hold: "strangleHold", effects: { strangle: true } } })).toEqual({ part: "throat", kind: "strangle" });
    expect(holdLook("percentile", { row: { hold: "torsoGrab", effects: {} } }, true)).toEqual({ part: "body", kind: "pin" });
    // A stranglehold stays one on a pinned creature: it is the worse of the two.
    expect(holdLook("percentile", { row: { hold: "strangleHold", effects: { strangle: true } } }, true)).toEqual({ part: "throat", kind: "strangle" });
  });
  it("data it cannot read is a plain hold on the body", () => {
    expect(holdLook("d12-holds", null)).toEqual({ part: "body", kind: "hold" });
    expect(holdLook("other", { part: "arm" })).toEqual({ part: "body", kind: "hold" });
  });
});

describe("ends fanned out around a token", () => {
  const close = (a: number, b: number) => Math.abs(Math.atan2(Math.sin(a - b), Math.cos(a - b))) < 1e-9;
  it("one end, or ends far enough apart, stay where they were wished", () => {
    expect(spreadAngles([1], 0.5)).toEqual([1]);
    const out = spreadAngles([0, Math.PI / 2, Math.PI], 0.5);
    expect(out.map((a, i) => close(a, [0, Math.PI / 2, Math.PI][i] as number))).toEqual([true, true, true]);
  });
  it("two ends wished the same way part by the gap, half each side; three by a gap each", () => {
    const [a, b] = spreadAngles([0, 0], 0.4);
    expect(close(a as number, -0.2) && close(b as number, 0.2)).toBe(true);
    const three = spreadAngles([1, 1, 1], 0.3);
    expect(three.map((x, i) => close(x, [0.7, 1, 1.3][i] as number))).toEqual([true, true, true]);
  });
  it("across the cut of the circle: 6.2 and 0.05 rad (0.1332 apart) part about their middle, 6.2666", () => {
    // middle = 6.2 + 0.1332 / 2 = 6.2666; ±0.2 → 6.0666 and 6.4666 − 2π = 0.1834
    const [a, b] = spreadAngles([6.2, 0.05], 0.4);
    expect(a).toBeCloseTo(6.0666, 4);
    expect(b).toBeCloseTo(0.1834, 4);
  });
  it("too many to fit: the gap shrinks to an equal share of the circle", () => {
    const out = spreadAngles(Array.from({ length: 12 }, () => 0), 1).sort((x, y) => x - y);
    for (let i = 1; i < out.length; i++) expect((out[i] as number) - (out[i - 1] as number)).toBeCloseTo(TAU / 12, 9);
  });
  it("property: ends within half the circle keep their order, stay the gap apart, and move no more than they must", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 3, noNaN: true }), { minLength: 2, maxLength: 8 }), fc.double({ min: 0.01, max: 0.3, noNaN: true }), (wishes, gap) => {
        const out = spreadAngles(wishes, gap);
        const order = wishes.map((w, i) => ({ w, i })).sort((a, b) => a.w - b.w || a.i - b.i);
        const placed = order.map((o) => {
          const v = out[o.i] as number;
          return v > 5 ? v - TAU : v;
        });
        for (let k = 1; k < placed.length; k++) expect((placed[k] as number) - (placed[k - 1] as number)).toBeGreaterThanOrEqual(gap - 1e-9);
        // Nothing moves further than the whole crowd could need.
        for (const o of order) expect(Math.abs((placed[order.indexOf(o)] as number) - o.w)).toBeLessThanOrEqual(wishes.length * gap + 1e-9);
      }),
    );
  });
  it("the gap at a token: a rope's width (18 px) on the circle two fifths of the way to its edge, 12° to 60°", () => {
    // one space: r = 20 px, 2·asin(18 / 40) = 0.93353 rad; two spaces: r = 40, 2·asin(0.225) = 0.45389; a quarter space: r = 5 → 60°
    expect(endGap(at("a", 0, 0))).toBeCloseTo(0.93353, 5);
    expect(endGap(at("a", 0, 0, { w: 200, h: 200 }))).toBeCloseTo(0.45389, 5);
    expect(endGap(at("a", 0, 0, { w: 25, h: 25 }))).toBeCloseTo(Math.PI / 3, 9);
    expect(endGap(at("a", 0, 0, { w: 2000, h: 2000 }))).toBeCloseTo(Math.PI / 15, 9);
  });
  it("an end sits two fifths of the way from the centre to the edge, toward the other token", () => {
    // token (0,0)-(100,100), centre (50,50), r = 20: toward (250,50) → (70,50); toward (50,-200) → (50,30)
    const m = anchorsAt(at("A", 0, 0), [
      { holdId: "x", otherId: "B", toward: { x: 250, y: 50 } },
      { holdId: "y", otherId: "C", toward: { x: 50, y: -200 } },
    ]);
    expect(m.get("x")?.x).toBeCloseTo(70, 9);
    expect(m.get("x")?.y).toBeCloseTo(50, 9);
    expect(m.get("y")?.x).toBeCloseTo(50, 9);
    expect(m.get("y")?.y).toBeCloseTo(30, 9);
  });
  it("a 2×1 token's ends lie on an ellipse: toward the east 40 px out, toward the south 20 px", () => {
    const m = anchorsAt(at("A", 0, 0, { w: 200, h: 100 }), [
      { holdId: "e", otherId: "B", toward: { x: 500, y: 50 } },
      { holdId: "s", otherId: "C", toward: { x: 100, y: 500 } },
    ]);
    expect(m.get("e")).toEqual({ x: 140, y: 50 });
    expect(m.get("s")?.x).toBeCloseTo(100, 9);
    expect(m.get("s")?.y).toBeCloseTo(70, 9);
  });
  it("two holds between the same two tokens (either way round) run side by side at both ends, not crossed", () => {
    // A at (0,0), B at (200,0): ±asin(0.45) at each end, 9 px either side of the line (20·0.45): at A, a above
    // (y 41, x 50 + √(20² − 9²) = 67.861), b below (y 59);
    // at B (the higher id) the order turns round, so a is above there too: the two ropes are parallel.
    const A = at("A", 0, 0);
    const B = at("B", 2, 0);
    const atA = anchorsAt(A, [
      { holdId: "b", otherId: "B", toward: { x: 250, y: 50 } },
      { holdId: "a", otherId: "B", toward: { x: 250, y: 50 } },
    ]);
    const atB = anchorsAt(B, [
      { holdId: "a", otherId: "A", toward: { x: 50, y: 50 } },
      { holdId: "b", otherId: "A", toward: { x: 50, y: 50 } },
    ]);
    expect(atA.get("a")?.x).toBeCloseTo(67.861, 3);
    expect(atA.get("a")?.y).toBeCloseTo(41, 9);
    expect(atA.get("b")?.y).toBeCloseTo(59, 9);
    expect(atB.get("a")?.x).toBeCloseTo(232.139, 3);
    expect(atB.get("a")?.y).toBeCloseTo(41, 9);
    expect(atB.get("b")?.y).toBeCloseTo(59, 9);
  });
});

describe("aloft", () => {
  it("heights above the pair's ground: a lifted pair both up, a flier over the ground, two on a balcony level", () => {
    // The flier lifted the fighter with it: both 30 ft up from the ground at 0 (the module's aloft mark).
    expect(heightsOf(at("f", 0, 0, { elevation: 30, ground: 0 }), at("g", 1, 0, { elevation: 30, ground: 0 }))).toEqual({ from: 30, to: 30 });
    expect(heightsOf(at("f", 0, 0, { elevation: 30 }), at("g", 1, 0))).toEqual({ from: 30, to: 0 });
    expect(heightsOf(at("f", 0, 0, { elevation: 10 }), at("g", 1, 0, { elevation: 10 }))).toEqual({ from: 0, to: 0 });
  });
  it("an end is raised a third of a space and a tenth more each space up, most of a space at most", () => {
    // 5 ft = 1 space: 100·(0.3 + 0.1) = 40 px; 30 ft = 6 spaces: 100·min(0.9, 0.9) = 90 px; 100 ft: 90 px
    expect(liftPixels(0, SQUARE)).toBe(0);
    expect(liftPixels(5, SQUARE)).toBeCloseTo(40, 9);
    expect(liftPixels(30, SQUARE)).toBeCloseTo(90, 9);
    expect(liftPixels(100, SQUARE)).toBeCloseTo(90, 9);
  });
  it("on the ground a tether is straight; aloft its ends rise and it arcs up between them", () => {
    const flat = tetherPath("h", at("a", 0, 0), at("b", 1, 0), { x: 75, y: 50 }, { x: 125, y: 50 }, SQUARE);
    expect(flat.control).toEqual({ x: 100, y: 50 });
    expect(samplePath(flat)).toHaveLength(2);
    // The flier (holder) 30 ft up, the held on the ground: from (75, 50 − 90), to (125, 50); control 35 % of 90 above the middle.
    const up = tetherPath("h", at("a", 0, 0, { elevation: 30 }), at("b", 1, 0), { x: 75, y: 50 }, { x: 125, y: 50 }, SQUARE);
    expect(up.from).toEqual({ x: 75, y: -40 });
    expect(up.to).toEqual({ x: 125, y: 50 });
    expect(up.fromGround).toEqual({ x: 75, y: 50 });
    expect(up.control.x).toBeCloseTo(100, 9);
    expect(up.control.y).toBeCloseTo(5 - 31.5, 9);
    expect(up.fromHeight).toBe(30);
    expect(pointOnPath(up, 0)).toEqual(up.from);
    expect(pointOnPath(up, 1)).toEqual(up.to);
  });
});

describe("the pointer over a tether", () => {
  const p = tetherPath("h", at("a", 0, 0), at("b", 2, 0), { x: 75, y: 50 }, { x: 225, y: 50 }, SQUARE);
  it("finds the tether within the tolerance, the nearest of several, and none beyond", () => {
    expect(nearestOnPath({ x: 150, y: 55 }, p)).toEqual({ point: { x: 150, y: 50 }, distance: 5 });
    expect(tetherAt({ x: 150, y: 55 }, [p], 8)?.id).toBe("h");
    expect(tetherAt({ x: 150, y: 60 }, [p], 8)).toBeNull();
    const q = tetherPath("q", at("a", 0, 0), at("b", 2, 0), { x: 75, y: 62 }, { x: 225, y: 62 }, SQUARE);
    expect(tetherAt({ x: 150, y: 57 }, [p, q], 8)?.id).toBe("q");
  });
});

describe("the whole layout", () => {
  it("three goblins on one fighter from the west, north-west and south-west: the middle end stays, the others part to the gap", () => {
    // At the fighter (centre 550, 550; r = 20) the wishes are π, −3π/4, 3π/4: π/4 apart, narrower than the
    // 0.93353 gap (g), so the two diagonals move out to π ± g: x = 550 − 20·cos g = 550 − 20·0.595 = 538.1,
    // y = 550 ∓ 20·sin g = 550 ∓ 16.0745 (cos g = 1 − 2·0.45², sin g = 2·0.45·√(1 − 0.45²)).
    const places = new Map([at("f", 5, 5), at("g1", 4, 5), at("g2", 4, 4), at("g3", 4, 6)].map((p) => [p.id, p]));
    const paths = layoutTethers([hold("h1", "g1", "f"), hold("h2", "g2", "f"), hold("h3", "g3", "f")], places, SQUARE, GM);
    expect(paths.get("h1")?.to).toEqual({ x: 530, y: 550 });
    expect(paths.get("h2")?.to.x).toBeCloseTo(538.1, 9);
    expect(paths.get("h2")?.to.y).toBeCloseTo(550 - 16.0745, 4);
    expect(paths.get("h3")?.to.x).toBeCloseTo(538.1, 9);
    expect(paths.get("h3")?.to.y).toBeCloseTo(550 + 16.0745, 4);
    // At each goblin, one end only: straight toward the fighter.
    expect(paths.get("h1")?.from).toEqual({ x: 470, y: 550 });
    expect(paths.get("h2")?.from.x).toBeCloseTo(450 + 20 * Math.SQRT1_2, 9);
  });
  it("two holders in one line from the west are fanned apart at the held end instead of drawn on top of each other", () => {
    const places = new Map([at("f", 5, 5), at("g1", 4, 5), at("g2", 3, 5)].map((p) => [p.id, p]));
    const paths = layoutTethers([hold("h1", "g1", "f"), hold("h2", "g2", "f")], places, SQUARE, GM);
    const ends = [paths.get("h1")?.to, paths.get("h2")?.to];
    expect(Math.hypot((ends[0]?.x ?? 0) - (ends[1]?.x ?? 0), (ends[0]?.y ?? 0) - (ends[1]?.y ?? 0))).toBeCloseTo(18, 9);
  });
  it("a player is not shown a hidden holder's tether, and the others' ends are where they would be without it", () => {
    const hidden = at("g2", 4, 5, { hidden: true });
    const places = new Map([at("f", 5, 5), at("g1", 4, 5), hidden].map((p) => [p.id, p]));
    const both = [hold("h1", "g1", "f"), hold("h2", "g2", "f")];
    const forPlayer = layoutTethers(both, places, SQUARE, PLAYER);
    expect([...forPlayer.keys()]).toEqual(["h1"]);
    expect(forPlayer.get("h1")).toEqual(layoutTethers([hold("h1", "g1", "f")], places, SQUARE, PLAYER).get("h1"));
    // The GM sees both, fanned apart.
    expect([...layoutTethers(both, places, SQUARE, GM).keys()]).toEqual(["h1", "h2"]);
    expect(layoutTethers(both, places, SQUARE, GM).get("h1")).not.toEqual(forPlayer.get("h1"));
  });
  it("hex and gridless scenes: the ends sit inside each token whatever its outline", () => {
    const hex: GridInfo = { type: 2, size: 100, sizeX: 100, sizeY: 115.47, distance: 5, units: "ft" };
    const a: TokenPlace = { id: "a", x: 0, y: 0, w: 100, h: 115.47, elevation: 0, hidden: false, visible: true };
    const b: TokenPlace = { id: "b", x: 100, y: 0, w: 100, h: 115.47, elevation: 0, hidden: false, visible: true };
    const p = layoutTethers([hold("h", "a", "b")], new Map([a, b].map((x) => [x.id, x])), hex, GM).get("h");
    expect(p?.from.x).toBeCloseTo(70, 9);
    expect(p?.to.x).toBeCloseTo(130, 9);
    const gridless: GridInfo = { type: 0, size: 100, sizeX: 100, sizeY: 100, distance: 5, units: "ft" };
    const c: TokenPlace = { id: "c", x: 13, y: 7, w: 150, h: 150, elevation: 0, hidden: false, visible: true };
    const d: TokenPlace = { id: "d", x: 170, y: 180, w: 100, h: 100, elevation: 0, hidden: false, visible: true };
    const q = layoutTethers([hold("h", "c", "d")], new Map([c, d].map((x) => [x.id, x])), gridless, GM).get("h");
    // c's centre (88, 82), d's (220, 230): the ends are 30 and 20 px from them along the line between.
    const len = Math.hypot(132, 148);
    expect(q?.from.x).toBeCloseTo(88 + (132 / len) * 30, 9);
    expect(q?.to.y).toBeCloseTo(230 - (148 / len) * 20, 9);
  });
  it("the tokens a change reaches: the token and those it holds or is held by", () => {
    expect([...touchedBy("f", [hold("h1", "g1", "f"), hold("h2", "f", "o"), hold("h3", "x", "y")])].sort()).toEqual(["f", "g1", "o"]);
  });
});
