/**
 * The demo's world, on the fake Foundry: a Gamemaster and a player (Alice), one square-grid scene,
 * the creatures of demo/creatures.ts on it, and a combat in its first round. The tabs connect to
 * it afterwards, as Foundry's tabs connect to a world that is already there.
 */
import type { TokenLook } from "../bridge.ts";
import type { CreatureSpec } from "../creatures.ts";
import { FIGHTER, FLIER, GOBLIN, OGRE } from "../creatures.ts";
import type { FakeCombat, FakeScene, FakeToken, FakeUser } from "../../test/fake-foundry/world.ts";
import { FakeWorld } from "../../test/fake-foundry/world.ts";

export const MODULE = "weaponless-combat";
export const VARIANTS = ["d12-holds", "grapple-die", "percentile"] as const;
export type Variant = (typeof VARIANTS)[number];

/** The map: 14 by 9 squares of 5 ft (100 px a square on the scene, as Foundry's default grid). */
export const COLUMNS = 14;
export const ROWS = 9;

export interface DemoTable {
  readonly world: FakeWorld;
  readonly gmUser: FakeUser;
  readonly playerUser: FakeUser;
  readonly scene: FakeScene;
  readonly combat: FakeCombat;
  readonly looks: Map<string, TokenLook>;
  readonly tokens: { fighter: FakeToken; ogre: FakeToken; goblins: FakeToken[]; griffon: FakeToken };
}

/** Dice: a seeded sequence when a seed is given (the smoke run, a bug report), else the browser's randomness. */
function faces(seed: number | null): (sides: number) => number {
  if (seed === null) {
    const cell = new Uint32Array(1);
    return (sides) => {
      crypto.getRandomValues(cell);
      return 1 + ((cell[0] ?? 0) % sides);
    };
  }
  let state = seed >>> 0 || 1;
  return (sides) => {
    // xorshift32: the same seed rolls the same evening.
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return 1 + (state % sides);
  };
}

export function buildTable(variant: Variant, seed: number | null): DemoTable {
  const world = new FakeWorld({ generation: 13 });
  world.fallbackFace = faces(seed);
  // A world whose rule set was saved before anyone connected.
  world.settingValues.set(`${MODULE}.variant`, variant);
  const gmUser = world.addUser("Gamemaster", true);
  const playerUser = world.addUser("Alice", false);
  const scene = world.addScene();
  scene.name = "Practice yard";
  const looks = new Map<string, TokenLook>();

  const actor = (c: CreatureSpec, ownership: Record<string, number> = {}) => {
    const a = world.addActor(c.name, { attributes: { hp: { ...c.hp } } }, ownership, { type: c.type, prototypeToken: c.size });
    a.flags[MODULE] = { profile: structuredClone(c.profiles) };
    return a;
  };
  const place = (c: CreatureSpec, a: ReturnType<typeof actor>, col: number, row: number, look: Omit<TokenLook, "source" | "system">, options: { name?: string; linked?: boolean; disposition: number }) => {
    const t = world.addToken(scene, a, { x: col * 100, y: row * 100, width: c.size.width, height: c.size.height, linked: options.linked ?? false, disposition: options.disposition, ...(options.name ? { name: options.name } : {}) });
    looks.set(t.id, { ...look, source: c.source, system: c.system });
    return t;
  };

  const fighterActor = actor(FIGHTER, { [playerUser.id]: 3 });
  const fighter = place(FIGHTER, fighterActor, 4, 4, { icon: "fa-solid fa-shield-halved", colour: "#2f5f8a" }, { linked: true, disposition: 1 });
  const ogre = place(OGRE, actor(OGRE), 5, 3, { icon: "fa-solid fa-hand-back-fist", colour: "#7a4a1e" }, { disposition: -1 });
  const goblinActor = actor(GOBLIN);
  // Goblin 1 stands beside the ogre (the HUD greys an attack on a creature out of reach).
  const goblins = [
    [4, 2],
    [3, 5],
    [2, 6],
  ].map(([col, row], i) => place(GOBLIN, goblinActor, col ?? 0, row ?? 0, { icon: "fa-solid fa-skull", colour: "#4d6b2a" }, { name: `${GOBLIN.name} ${i + 1}`, disposition: -1 }));
  const griffon = place(FLIER, actor(FLIER), 9, 2, { icon: "fa-solid fa-feather-pointed", colour: "#8a6d1e" }, { disposition: -1 });
  const combat = world.addCombat([fighter, ogre, ...goblins, griffon], 1);
  return { world, gmUser, playerUser, scene, combat, looks, tokens: { fighter, ogre, goblins, griffon } };
}
