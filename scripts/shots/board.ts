/**
 * Tethers on a board, for `npm run shots`: each board is played through the real shell on the
 * fake Foundry with its canvas (test/fake-foundry/canvas.ts): the holds put in place as the module
 * stores them, the tokens where the board says, and the tethers' board as the GM's and the
 * player's client each keep it. What each client's board holds (where the tokens are drawn, the
 * holds with their look and label, who looks) is then drawn in Chromium with real PIXI 7 by
 * scripts/shots/board-page.ts, on a dark and a light map, into shots/tethers--<board>--<role>--<ground>.png.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext } from "playwright";
import { build } from "vite";
import type { GridInfo } from "../../src/foundry/map/geometry.ts";
import type { TetherHold, TokenPlace, Viewer } from "../../src/foundry/map/tether-geometry.ts";
import { nameShown } from "../../src/foundry/map/tether-geometry.ts";
import { tetherBoard } from "../../src/foundry/map/tether-scene.ts";
import { enableCanvas } from "../../test/fake-foundry/canvas.ts";
import type { FakeActor, FakeToken } from "../../test/fake-foundry/world.ts";
import { d12Hold, drag, putHold } from "../../test/shell/movement-setup.ts";
import type { Table } from "../../test/shell/setup.ts";
import { M, makeTable, tableFor } from "../../test/shell/setup.ts";

/** A token as the picture draws it. */
export interface BoardToken extends TokenPlace {
  readonly name: string;
  readonly colour: string;
  /** Whether this client shows the token's name under it (its display mode, for non-owners). */
  readonly nameplate: boolean;
}

/** One client's board, as data the page draws. */
export interface BoardShot {
  readonly id: string;
  readonly role: "gm" | "player";
  readonly title: string;
  readonly grid: GridInfo;
  readonly width: number;
  readonly height: number;
  readonly viewer: Viewer;
  readonly tokens: readonly BoardToken[];
  readonly holds: readonly TetherHold[];
  /** Where the pointer rests (map pixels), when the picture shows a hover. */
  readonly hover?: { readonly x: number; readonly y: number };
  /** A drag's ruler as the dragging user's tab draws it (scripts/shots/ruler-board.ts). */
  readonly ruler?: RulerShot;
}

/** One drag frame of the token ruler: the spaces it highlights, its segments, the dragged token's ghost and the last label. */
export interface RulerShot {
  readonly spaces: ReadonlyArray<{ readonly x: number; readonly y: number; readonly w: number; readonly h: number; readonly colour: number; readonly alpha: number }>;
  readonly segments: ReadonlyArray<{ readonly from: { readonly x: number; readonly y: number }; readonly to: { readonly x: number; readonly y: number }; readonly colour: number; readonly width: number }>;
  readonly ghost: { readonly x: number; readonly y: number; readonly w: number; readonly h: number };
  readonly label: { readonly x: number; readonly y: number; readonly text: string; readonly beyond: boolean };
}

const COLOURS: Readonly<Record<string, string>> = { Fighter: "#b23a3a", Ogre: "#5a7d3a", Goblin: "#8a8a3a", Griffon: "#a8742c", Bat: "#4b3a5e", Thief: "#3a4f7d", Bugbear: "#7d4f2a" };

const at = (t: FakeToken, col: number, row: number, elevation = 0) => {
  t.x = col * t.parent.grid.sizeX;
  t.y = row * t.parent.grid.sizeY;
  t.elevation = elevation;
};

/** A token on a hex of a pointy-topped grid in rows (odd rows half a hex across). */
const hexAt = (t: FakeToken, col: number, row: number) => {
  const { sizeX: w, sizeY: h } = t.parent.grid;
  t.x = col * w + (row % 2 !== 0 ? w / 2 : 0);
  t.y = row * 0.75 * h;
};

function token(t: Table, actor: FakeActor, name: string, options: { linked?: boolean; width?: number; height?: number } = {}): FakeToken {
  return t.world.addToken(t.fighterToken.parent, actor, { name, linked: options.linked ?? false, width: options.width ?? 1, height: options.height ?? 1 });
}

/** Both clients look at the scene; their boards are read back as data. */
async function shoot(t: Table, id: string, title: string, size: { width: number; height: number }, hoverHold?: string): Promise<BoardShot[]> {
  const scene = t.fighterToken.parent;
  // The GM's creatures show their names on hover, as tables commonly set them (CONST.TOKEN_DISPLAY_MODES.HOVER).
  for (const d of scene.tokens) if (d.displayName === undefined) d.displayName = 30;
  const out: BoardShot[] = [];
  for (const [role, client] of [["gm", t.gm], ["player", t.player]] as const) {
    await client.canvas.draw(scene);
    await t.world.settle();
    const board = client.run(() => tetherBoard());
    if (!board) throw new Error(`shots: no tether board on the ${role}'s canvas`);
    const places = new Map(board.placesNow().map((p) => [p.id, p]));
    const tokens = [...scene.tokens].map((d) => {
      const p = places.get(d.id) as TokenPlace;
      const nameplate = client.run(() => nameShown(game.user.isGM, d.actor.isOwner, d.displayName));
      return { ...p, name: d.name, colour: COLOURS[d.name] ?? "#666666", nameplate };
    });
    const viewer = client.run(() => ({ isGM: game.user.isGM, enabled: true, playersSee: true }));
    const path = hoverHold ? board.paths().get(hoverHold) : undefined;
    const hover = path ? { x: (path.from.x + path.to.x) / 2 + 2, y: (path.from.y + path.to.y) / 2 - 2 } : undefined;
    out.push({ id, role, title, grid: scene.grid as GridInfo, ...size, viewer, tokens, holds: board.holdsNow(), ...(hover ? { hover } : {}) });
  }
  return out;
}

async function singleHold(): Promise<BoardShot[]> {
  const t = makeTable();
  at(t.ogreToken, 2, 2);
  at(t.fighterToken, 3, 2);
  at(t.goblinToken, 5, 3);
  await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.arm", d12Hold("arm", "arm", "L", 1));
  return shoot(t, "tethers--single-hold", "the ogre holds the fighter's arm (the pointer on the tether)", { width: 700, height: 500 }, "arm");
}

async function threeHolders(): Promise<BoardShot[]> {
  const t = makeTable();
  const g2 = token(t, t.goblin, "Goblin");
  const g3 = token(t, t.goblin, "Goblin");
  at(t.fighterToken, 3, 2);
  at(t.goblinToken, 2, 2);
  at(g2, 3, 1);
  at(g3, 2, 3);
  at(t.ogreToken, 5, 3);
  await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("leg", "leg", "S", -1));
  await putHold(t, g2, t.fighterToken, "WC.Part.arm", d12Hold("arm", "arm", "S", -1));
  await putHold(t, g3, t.fighterToken, "WC.Part.head", d12Hold("head", "head", "S", -1));
  await putHold(t, t.fighterToken, t.goblinToken, "WC.Part.body", d12Hold("body", "body", "M", 0));
  return shoot(t, "tethers--three-holders", "three goblins hold the fighter (leg, arm, head); it holds one back (body)", { width: 700, height: 500 });
}

async function stranglehold(): Promise<BoardShot[]> {
  const t = await tableFor("grapple-die");
  t.fighterToken.parent.grid = { type: 2, size: 100, sizeX: 100, sizeY: 115.47, distance: 5, units: "ft" };
  const bugbear = t.world.addActor("Bugbear", { attributes: { hp: { value: 18, max: 18 } } });
  const b = token(t, bugbear, "Bugbear", { width: 2, height: 2 });
  hexAt(t.fighterToken, 3, 2);
  hexAt(t.goblinToken, 2, 2);
  hexAt(t.ogreToken, 1, 4);
  // The bugbear's two spaces touch the fighter's east side.
  b.x = 400;
  b.y = 0.75 * t.fighterToken.parent.grid.sizeY;
  const effects = { defenderToHit: 0, handsUnusable: 0, noTwoWeapon: false, cannotRise: false, noSomaticSpells: false, noVerbalSpells: true, strangle: true };
  const base = { die: 16, damage: { dice: { count: 1, sides: 3 }, flat: 0 }, holderSize: "S", heldSize: "M", roundGained: 1 };
  await putHold(t, t.goblinToken, t.fighterToken, "WC.Hold.strangleHold", { id: "strangle", name: "strangleHold", effects, ...base }, "grapple-die");
  await putHold(t, b, t.fighterToken, "WC.Hold.bearHug", { id: "hug", name: "bearHug", effects: { ...effects, strangle: false, noVerbalSpells: false, noSomaticSpells: true }, ...base, holderSize: "L" }, "grapple-die");
  return shoot(t, "tethers--stranglehold", "a goblin strangles the fighter, a large bugbear hugs it (hex grid)", { width: 760, height: 560 });
}

async function liftedFlier(): Promise<BoardShot[]> {
  const t = makeTable();
  t.fighterToken.parent.grid = { ...t.fighterToken.parent.grid, type: 0 };
  const griffon = t.world.addActor("Griffon", { attributes: { hp: { value: 30, max: 30 } } });
  const bat = t.world.addActor("Bat", { attributes: { hp: { value: 4, max: 4 } } });
  const g = token(t, griffon, "Griffon", { width: 2, height: 2 });
  const v = token(t, bat, "Bat");
  g.x = 130;
  g.y = 140;
  t.fighterToken.x = 330;
  t.fighterToken.y = 190;
  // Lifted together from the ground at 0 to 30 ft: the module's aloft mark on both.
  for (const tk of [g, t.fighterToken]) {
    tk.elevation = 30;
    tk.flags[M] = { aloft: { ground: 0, by: "lift" } };
  }
  // A bat flying 10 ft up holds the goblin on the ground.
  v.x = 470;
  v.y = 250;
  v.elevation = 10;
  t.goblinToken.x = 580;
  t.goblinToken.y = 340;
  at(t.ogreToken, 0, 3);
  await putHold(t, g, t.fighterToken, "WC.Part.body", d12Hold("lift", "body", "L", 1));
  await putHold(t, v, t.goblinToken, "WC.Part.head", d12Hold("bat", "head", "S", -1));
  return shoot(t, "tethers--lifted-flier", "a griffon carries the fighter 30 ft up; a bat 10 ft up holds a goblin (gridless)", { width: 760, height: 520 });
}

async function hiddenHolder(): Promise<BoardShot[]> {
  const t = makeTable();
  at(t.fighterToken, 3, 2);
  at(t.ogreToken, 2, 1);
  at(t.goblinToken, 4, 2);
  const thief = t.world.addActor("Thief", { attributes: { hp: { value: 9, max: 9 } } });
  const th = token(t, thief, "Thief");
  at(th, 2, 3);
  th.hidden = true;
  await putHold(t, th, t.fighterToken, "WC.Part.arm", d12Hold("thief", "arm", "M", 0));
  await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("goblin", "leg", "S", -1));
  t.ogreToken.hidden = true;
  await putHold(t, t.ogreToken, t.goblinToken, "WC.Part.body", d12Hold("ogre", "body", "L", 1));
  return shoot(t, "tethers--hidden-holder", "hidden, a thief holds the fighter and an ogre the goblin", { width: 700, height: 500 });
}

async function pinned(): Promise<BoardShot[]> {
  const t = await tableFor("percentile");
  at(t.fighterToken, 3, 2);
  at(t.ogreToken, 4, 2);
  at(t.goblinToken, 3, 3);
  const torso = { category: 1, hold: "torsoGrab", damage: 0, effects: { targetMayCounter: true } };
  const arm = { category: 2, hold: "armLock", damage: 1, effects: { armHeld: true } };
  await putHold(t, t.ogreToken, t.fighterToken, "WC.Hold.torsoGrab", { id: "torso", row: torso, original: true, special: false, roundGained: 1 }, "percentile");
  await putHold(t, t.goblinToken, t.fighterToken, "WC.Hold.armLock", { id: "armlock", row: arm, original: false, special: false, roundGained: 1 }, "percentile");
  await t.gm.run(() => t.fighterToken.actor.createEmbeddedDocuments("ActiveEffect", [{ name: "Pinned", statuses: [`${M}.pinned`] }]));
  return shoot(t, "tethers--pinned", "held by as many as may attack it, the fighter is pinned (percentile)", { width: 700, height: 500 });
}

async function leash(): Promise<BoardShot[]> {
  const t = makeTable();
  at(t.ogreToken, 2, 3);
  at(t.fighterToken, 4, 3);
  at(t.goblinToken, 5, 4);
  // The ogre took hold with one square between them (an attack with 10 ft of reach): the ledger keeps 10 ft as the leash.
  ((t.ogre.flags[M] as { profile: Record<string, Record<string, unknown>> }).profile["d12-holds"] as Record<string, unknown>).holdReach = 10;
  await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.arm", d12Hold("leash", "arm", "L", 1));
  await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("leg", "leg", "S", -1));
  return shoot(t, "tethers--leash", "the ogre holds the fighter at 10 ft: a leash, its ground outlined; a goblin holds its leg", { width: 760, height: 680 });
}

async function groupAroundLarge(): Promise<BoardShot[]> {
  const t = makeTable();
  t.ogreToken.width = 2;
  t.ogreToken.height = 2;
  const bugbear = t.world.addActor("Bugbear", { attributes: { hp: { value: 18, max: 18 } } });
  const b = token(t, bugbear, "Bugbear");
  // A 2×2 ogre holds the fighter (above it) and the goblin (east of it); the GM moves the ogre
  // two squares east, bringing both. The bugbear stands where the fighter's step would land, so
  // the fighter takes the nearest free square beside the ogre, the corner west of the bugbear:
  // no token then stands below another's name.
  at(t.ogreToken, 0, 1);
  at(t.fighterToken, 0, 0);
  at(t.goblinToken, 2, 2);
  at(b, 2, 0);
  await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.arm", d12Hold("arm", "arm", "L", 1));
  await putHold(t, t.ogreToken, t.goblinToken, "WC.Part.body", d12Hold("body", "body", "L", 2));
  t.world.onDialog = (d) => d.press("bringAlong");
  await drag(t.gm, t.ogreToken, { x: 2 * t.ogreToken.parent.grid.sizeX, y: t.ogreToken.parent.grid.sizeY });
  return shoot(t, "tethers--group-around-large", "the 2×2 ogre brought its two catches along: each on a free square, none on the bugbear", { width: 700, height: 500 });
}

export async function collectBoards(): Promise<BoardShot[]> {
  await enableCanvas();
  const out: BoardShot[] = [];
  for (const make of [singleHold, threeHolders, stranglehold, liftedFlier, hiddenHolder, pinned, leash, groupAroundLarge]) out.push(...(await make()));
  const { collectRulers } = await import("./ruler-board.ts");
  out.push(...(await collectRulers()));
  return out;
}

/** The page's own script: the board drawn with the module's tethers, bundled for the page. */
async function pageScript(root: string): Promise<string> {
  const result = await build({
    configFile: false,
    root,
    logLevel: "silent",
    build: { write: false, minify: false, target: "es2022", lib: { entry: join(root, "scripts/shots/board-page.ts"), formats: ["iife"], name: "wcBoard", fileName: () => "board.js" } },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Array<{ output?: Array<{ type: string; code?: string }> }>;
  const chunk = outputs.flatMap((r) => r.output ?? []).find((o) => o.type === "chunk");
  if (!chunk?.code) throw new Error("shots: the board page could not be bundled");
  return chunk.code;
}

/** Photographs every board on a dark and a light map; returns the files written. */
export async function photographBoards(context: BrowserContext, root: string, outDir: string, filter: string): Promise<string[]> {
  const shots = (await collectBoards()).filter((s) => `${s.id}--${s.role}`.includes(filter));
  if (shots.length === 0) return [];
  const pixi = readFileSync(join(root, "node_modules/pixi.js/dist/pixi.min.js"), "utf8");
  const script = await pageScript(root);
  const tab = await context.newPage();
  const errors: string[] = [];
  tab.on("pageerror", (e) => errors.push(e.message));
  const files: string[] = [];
  await tab.setContent(`<!doctype html><html><head><meta charset="utf-8"><style>body{margin:0;background:#222}</style></head><body><script>${pixi}</script><script>${script}</script></body></html>`, { waitUntil: "load" });
  for (const s of shots) {
    for (const ground of ["dark", "light"] as const) {
      const file = `${s.id}--${s.role}--${ground}.png`;
      await tab.evaluate(([shot, g]) => (window as unknown as { drawBoard(s: unknown, g: string): Promise<void> }).drawBoard(shot, g), [s, ground] as const);
      if (errors.length > 0) throw new Error(`shots: the board ${file} could not be drawn: ${errors.join("; ")}`);
      await tab.locator("canvas").screenshot({ path: join(outDir, file) });
      files.push(file);
    }
  }
  await tab.close();
  return files;
}
