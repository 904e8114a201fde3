/**
 * Issue 31: a monster's grabbing attack, in each rule set, as the GM and as the player whose
 * fighter it grabs: the palette's Grab entry named after the attack, the card of a hit (the hold
 * offered by the world's rule set) and of a miss, a host attack roll the GM points to, and the
 * round end where the monster's damage a round fills the hold's damage slot. An OSE world: the
 * rock python of the OSE fixture (its Constrict confirmed by the GM) and an OSE fighter.
 */
import { readFileSync } from "node:fs";
import { act } from "../../src/foundry/cards/request-card.ts";
import { registerHooks } from "../../src/foundry/hooks/index.ts";
import { writeGrabMarks } from "../../src/foundry/documents/grabs.ts";
import { RULES_VARIANTS } from "../../src/rules/index.ts";
import type { FakeSystem } from "../../test/fake-foundry/systems.ts";
import { dnd5eLike, OSE_LIKE } from "../../test/fake-foundry/systems.ts";
import { FakeWorld } from "../../test/fake-foundry/world.ts";
import type { Table } from "../../test/shell/setup.ts";
import { M } from "../../test/shell/setup.ts";
import type { Collected, Lang, Variant } from "./scenes.ts";
import { card, dice, hud, intent, speak, windowed } from "./scenes.ts";
import { askDeclared } from "../../src/foundry/ui/action-dialog.ts";

const fixture = (path: string) => JSON.parse(readFileSync(`test/systems/fixtures/${path}`, "utf8")) as { name: string; type: string; system: Record<string, unknown>; items?: Array<Record<string, unknown>> };

const COILS = "wcOsePyCoil00002";

const MONSTER: Record<Variant, Record<string, unknown>> = {
  "d12-holds": { kind: "monster", size: "L", arms: 0, legs: 0, pummelLimbs: 1 },
  "grapple-die": { kind: "monster", size: "L", strength: { score: 12 } },
  percentile: { kind: "monster", hitDice: { dice: 5, adjustment: 0 }, size: "L" },
};

interface Setting {
  readonly system: FakeSystem;
  readonly monster: string;
  readonly defender: string;
  readonly attack: string;
  /** The player owns the monster (its grab then is the sheet's own mark: a player's creature keeps no GM mark unsealed). */
  readonly playerMonster?: boolean;
}

/** The OSE rock python (its Constrict confirmed by the GM) and an OSE fighter, the player's. */
const OSE: Setting = { system: OSE_LIKE, monster: "grabs/ose-rock-python.json", defender: "ose/fighter-chain.json", attack: COILS };
/** The dnd5e constrictor snake (its Constrict grapples by the sheet, confirmed by the GM on a player's creature), the player's, and Randal. */
const DND5E: Setting = { system: dnd5eLike(), monster: "grabs/dnd5e-constrictor-snake.json", defender: "dnd5e/randal-human-fighter.json", attack: "haXdYCAfGXo0iVqC", playerMonster: true };

/** The monster and the fighter on a scene, in a fight, beside each other. */
function grabTable(variant: Variant, lang: Lang, s: Setting = OSE): Table & { combat: { id: string; update(d: unknown, o?: unknown): Promise<unknown> } } {
  const world = new FakeWorld({ system: s.system });
  const gmUser = world.addUser("Gamemaster", true);
  const alice = world.addUser("Alice", false);
  const gm = world.connect(gmUser, registerHooks);
  const player = world.connect(alice, registerHooks);
  if (s.system.id === "ose") for (const c of [gm, player]) c.run(() => c.game.settings.register("ose", "ascendingAC", { scope: "world", default: false }));
  const scene = world.addScene();
  const m = fixture(s.monster);
  const f = fixture(s.defender);
  if (s.system.id === "dnd5e") (f.system.attributes as { hp: unknown }).hp = { value: 12, max: 12 };
  const python = world.addActor(m.name, m.system, s.playerMonster ? { [alice.id]: 3 } : {}, { type: m.type, items: m.items ?? [] });
  const fighter = world.addActor(f.name, f.system, s.playerMonster ? {} : { [alice.id]: 3 }, { type: f.type, items: f.items ?? [] });
  const v = RULES_VARIANTS[variant];
  if (!v) throw new Error(variant);
  python.flags[M] = { profile: { [variant]: { ...v.defaultProfile(), ...MONSTER[variant] } }, ...(s.playerMonster ? {} : { grabs: { [s.attack]: true } }) };
  fighter.flags[M] = { profile: { [variant]: v.defaultProfile() } };
  const ogreToken = world.addToken(scene, python, { linked: false, x: 0, y: 0 });
  const fighterToken = world.addToken(scene, fighter, { x: 100, y: 0 });
  const combat = world.addCombat([ogreToken, fighterToken], 1);
  // The same shape as the shots' other tables (the goblin plays no part).
  const t = { world, gmUser, alice, gm, player, fighter, goblin: fighter, ogre: python, fighterToken, goblinToken: fighterToken, ogreToken, combat } as never as Table & { combat: { id: string; update(d: unknown, o?: unknown): Promise<unknown> } };
  speak(t, lang);
  return t;
}

/**
 * The Grab's dialog where it may go and where the rules refuse it (the monster holds all it can:
 * it holds the fighter already), as the GM (the python) and as the player (their constrictor).
 */
async function grabDialogs(out: Collected, variant: Variant): Promise<void> {
  for (const [role, s] of [["gm", OSE], ["player", DND5E]] as const) {
    const t = grabTable(variant, out.lang, s);
    await t.gm.run(() => game.settings.set(M, "variant", variant as never));
    // On a creature a player owns the sheet's own mark is a proposal: the GM confirms it.
    if (s.playerMonster) await t.gm.run(() => writeGrabMarks(t.ogreToken.actor as never, { [s.attack]: true }));
    const client = role === "gm" ? t.gm : t.player;
    const ask = () => askDeclared({ action: "grab", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, attack: s.attack });
    await windowed(out, t, variant, client, role, "dialog-grab-possible", ask);
    // The monster takes hold, and a second grab at the same creature is refused.
    dice(t, { 20: [17, 14], 12: [9, 1], 100: [64] }, () => 1);
    await t.gm.run(() => act({ ...intent("grab", t.ogreToken, t.fighterToken, { needed: 12 }), attack: s.attack }));
    await t.world.settle();
    await windowed(out, t, variant, client, role, "dialog-grab-refused", ask);
  }
}

export async function grabScenes(out: Collected, variant: Variant): Promise<void> {
  await grabDialogs(out, variant);
  const t = grabTable(variant, out.lang);
  await t.gm.run(() => game.settings.set(M, "variant", variant as never));
  const { ogreToken: python, fighterToken: fighter } = t;
  const grab = (declared: Record<string, number>) => ({ ...intent("grab", python, fighter, declared), attack: COILS });
  // The GM's palette: Grab, named after the python's Constrict.
  await t.gm.run(() => {
    game.user.targets.clear();
    game.user.targets.add((fighter as unknown as { object: never }).object);
  });
  await hud(out, variant, t.gm, "gm", "grab-hud", python);
  // A miss: d20 6 against the 12 needed.
  dice(t, { 20: [6] });
  await card(out, t, variant, "grab-miss", "The python's Constrict misses", () => t.gm.run(() => act(grab({ needed: 12 }))));
  // A hit: d20 17, then the rule set's hold (000: d12 9 + 1 = 10, an arm hold, break roll 3; 002: the
  // grapple die 13 + 1; 004: the Grapple Result), with the python's 2d4 where the rule set has the slot.
  dice(t, { 20: [17, 14], 12: [9, 3], 100: [64], 4: [3, 2], 2: [2] });
  await card(out, t, variant, "grab-hold", "The python's Constrict takes hold", () => t.gm.run(() => act(grab({ needed: 12 }))));
  // Round 2's end: the python's 2d4 in the hold's damage slot (and 000's break roll, 11 - 1: broken).
  await t.gm.run(() => t.combat.update({ round: 2 }, { direction: 1 }));
  await t.world.settle();
  dice(t, { 4: [4, 3], 12: [11] });
  await card(out, t, variant, "grab-round-end", "Round end: the coils squeeze", async () => {
    await t.gm.run(() => t.combat.update({ round: 3 }, { direction: 1 }));
    await t.world.settle();
    await new Promise((r) => setTimeout(r, 0));
    await t.world.settle();
  });
  // A host attack roll the GM points to: the host's roll stood for the to-hit.
  if (variant === "d12-holds") {
    const t2 = grabTable(variant, out.lang);
    await t2.gm.run(() => game.settings.set(M, "variant", variant as never));
    dice(t2, { 12: [12, 2], 6: [4] });
    await card(out, t2, variant, "grab-host-roll", "The GM points to the host's attack roll", () => t2.gm.run(() => act({ ...intent("grab", t2.ogreToken, t2.fighterToken, {}), attack: COILS, hostHit: true })));
  }
}
