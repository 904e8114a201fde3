/**
 * `npm run bench [-- --ms N]`: how fast the rules core and the shell are on this machine. A
 * benchmark, not a test: it prints figures and asserts nothing. Each case runs for a fixed time
 * after a warm-up; the closing summary says what each headline figure measured.
 */
import { d12, RULES_VARIANTS, SeededDice } from "../src/rules/index.ts";
import type { ActionContext } from "../src/rules/index.ts";
import { readArgs, usageExit, wholeNumber } from "../scripts/cli.ts";
import { timeIt } from "./timing.ts";

const { values } = readArgs({
  name: "bench",
  options: { ms: { type: "string" }, only: { type: "string" } },
  usage: `
Usage: npm run bench [-- [--ms N] [--only long-campaign|holds-panel]]

Measures, on this machine: the rules core (resolutions and exact-odds queries of every action of
every rule set), the shell through the fake Foundry (a GM's grapple and a player's, with the
server requests each makes, on v13 and v14), the end of a round in a 60-creature battle, the
process CPU the GM's tab spends per action with 60 tokens and a 5,000-message chat log, the check
every token move pays, and a long campaign (a grapple and its release with 0, 1,000 and 5,000 of
the module's cards in the chat log), and the holds panel opening with 30 holds on the scene.
Prints each figure, then a summary of what was measured.
Takes about two minutes with the default 1500 ms per case.

  --ms N       how long each case runs, in milliseconds (default 1500, or BENCH_MS)
  --only long-campaign   the long campaign's line alone
  --only holds-panel     the holds panel's lines alone
  -h, --help   this text
`,
});
let MS: number;
try {
  MS = wholeNumber("ms", values.ms ?? process.env.BENCH_MS, 1500, 50);
  if (values.only !== undefined && values.only !== "long-campaign" && values.only !== "holds-panel") throw new Error(`--only takes long-campaign or holds-panel, not ${values.only}`);
} catch (e) {
  usageExit("bench", e);
}

if (values.only === "holds-panel") {
  const { benchHoldsPanel, holdsPanelLine } = await import("./holds-panel.ts");
  console.log(holdsPanelLine(await benchHoldsPanel(MS)));
  process.exit(0);
}

if (values.only === "long-campaign") {
  const { benchLongCampaign, longCampaignLine } = await import("./long-campaign.ts");
  console.log(longCampaignLine(await benchLongCampaign()));
  process.exit(0);
}

/** The odds budget: an odds query is asked on every tick of a dialog box, so it must feel instant. */
const ODDS_BUDGET_MS = 1;

function measure(name: string, unit: string, fn: () => unknown): number {
  const { perSecond, perCall } = timeIt(MS, fn);
  console.log(`${name.padEnd(44)} ${Math.round(perSecond).toLocaleString("en-US").padStart(12)} ${unit}/s   ${(perCall * 1000).toFixed(2).padStart(9)} µs each`);
  return perSecond;
}

const o = d12.D12_DEFAULTS;
const dice = new SeededDice(1982);
const fighter = d12.defaultCombatant("f", {
  strength: { score: 18, exceptional: 50 },
  armor: { type: "plate", plus: 1 },
  shield: { plus: 1 },
  dexAcAdjustment: -1,
  attacksPerRound: 6,
  toHit: { kind: "thac0", thac0: 16 },
});
const goblins = Array.from({ length: 14 }, (_, i) => d12.defaultCombatant(`g${i}`, { kind: "monster", size: "S", movement: 6, pummelLimbs: 1, toHit: { kind: "thac0", thac0: 20 } }));
const bugbear = d12.defaultCombatant("bb", { kind: "monster", size: "L", movement: 9, pummelLimbs: 1, toHit: { kind: "thac0", thac0: 16 } });
const ogre = d12.defaultCombatant("o", { kind: "monster", size: "L", naturalAc: { ac: 5, basis: "toughness" }, movement: 9 });

console.log(`Weaponless Combat rules core, variant d12-holds (${MS} ms per case, node ${process.version})`);
measure("pummel routine (6 attacks, fighter v ogre)", "routines", () => d12.resolvePummel(fighter, ogre, {}, o, dice));
measure("grapple (bugbear v fighter in plate)", "grapples", () => d12.resolveGrapple(bugbear, fighter, {}, o, dice));
measure("grapple (goblin v fighter, 2 holds on)", "grapples", () =>
  d12.resolveGrapple(goblins[0] as d12.D12Combatant, fighter, {
    holds: [
      { id: "a", holderId: "g1", heldId: "f", part: "arm", limb: 0, result: 6, sizeAdjustment: -2, holderSize: "S", roundGained: 1 },
      { id: "b", holderId: "bb", heldId: "f", part: "body", result: 4, sizeAdjustment: 1, holderSize: "L", roundGained: 1 },
    ],
    round: 2,
  }, o, dice),
);

// A full round end: the playtest fight of 000 (14 goblins and a bugbear on a fighter) with
// six holds, a stranglehold, an overbear attempt and damage ledgers.
const holds: d12.Hold[] = [
  { id: "h1", holderId: "g0", heldId: "f", part: "leg", limb: 0, result: 3, sizeAdjustment: -2, holderSize: "S", roundGained: 1 },
  { id: "h2", holderId: "g1", heldId: "f", part: "arm", limb: 0, result: 6, sizeAdjustment: -2, holderSize: "S", roundGained: 1 },
  { id: "h3", holderId: "g2", heldId: "f", part: "arm", limb: 1, result: 7, sizeAdjustment: -2, holderSize: "S", roundGained: 2 },
  { id: "h4", holderId: "bb", heldId: "f", part: "body", result: 9, sizeAdjustment: 1, holderSize: "L", roundGained: 1 },
  { id: "h5", holderId: "g3", heldId: "f", part: "strangle", result: 12, sizeAdjustment: -2, holderSize: "S", roundGained: 1 },
  { id: "h6", holderId: "g4", heldId: "f", part: "leg", limb: 1, result: 2, sizeAdjustment: -2, holderSize: "S", roundGained: 1 },
];
const ledgers = Object.fromEntries([fighter, bugbear, ...goblins].map((c) => [c.id, { maxHp: c.id === "f" ? 33 : 5, actual: 0, temporary: 2 }]));
const roundInput: d12.RoundEndInput = {
  round: 3,
  combatants: [fighter, bugbear, ...goblins],
  holds,
  overbear: [{ defenderId: "f", holderIds: ["g0", "g1", "bb"] }],
  ledgers,
  outOfMelee: ["g10", "g11"],
};
measure("round end (16 combatants, 6 holds)", "round ends", () => d12.resolveRoundEnd(roundInput, o, dice));

/** Every odds query timed, with the case it was: the summary reports the slowest of all. */
const oddsTimes: Array<[string, number]> = [];
const d12Odds = (label: string, fn: () => unknown) => oddsTimes.push([`d12-holds ${label}`, 1000 / measure(`exact odds: ${label}`, "queries", fn)]);
d12Odds("grapple (bugbear v fighter)", () => d12.grappleOdds(bugbear, fighter, {}, o));
d12Odds("pummel routine (6 attacks)", () => d12.pummelOdds(fighter, ogre, {}, o, { maxHp: 30, actual: 0, temporary: 0 }));
d12Odds("charging overbear", () => d12.chargeOdds(bugbear, fighter, {}, "roll", o));

// The other two variants through the same interface the shell uses.
for (const id of ["grapple-die", "percentile"] as const) {
  const v = RULES_VARIANTS[id];
  if (!v) continue;
  const o = v.resolveOptions(undefined);
  const p = v.defaultProfile();
  const ctx = (action: ActionContext["action"]): ActionContext => ({ action, attacker: { id: "a", profile: p }, defender: { id: "d", profile: p }, declared: {}, holds: [], round: 1, inCombat: true });
  console.log(`variant ${id}`);
  for (const action of v.actions.filter((a) => a === "grapple" || a === "overbear" || a === "pummel")) {
    measure(`  ${action}`, "resolutions", () => v.resolve(ctx(action), o, dice));
    const perSecond = measure(`  exact odds: ${action}`, "queries", () => v.odds(ctx(action), o));
    oddsTimes.push([`${id} ${action} (default profiles)`, 1000 / perSecond]);
  }
}

// Every odds query the shell can ask, per variant, in a setting that makes it do its whole work
// (a high-level fighter against a 12-HD monster, holds in place, a grapple of three).
let everyAction = 0;
for (const v of Object.values(RULES_VARIANTS)) {
  const o = v.resolveOptions(undefined);
  const base = v.defaultProfile();
  const strong = { ...base, ...(v.id === "percentile" ? { level: 20, dexterity: 17, strength: { score: 18, exceptional: 50 } } : { strength: { score: 18, exceptional: 50 } }) };
  const weapon = v.id === "grapple-die" ? { readiedAttack: { kind: "weapon", lengthFt: 3, damage: { count: 2, sides: 6 }, damageBonus: 1, toHitBonus: 1 } } : {};
  const down = { ...base, conditions: v.id === "d12-holds" ? ["prone"] : ["prone", "unconscious"] };
  const probe = (action: ActionContext["action"]): ActionContext => ({ action, attacker: { id: "a", profile: { ...strong, ...weapon } }, defender: { id: "d", profile: down }, declared: {}, holds: [], round: 2, inCombat: true });
  const ctxs: ActionContext[] = [];
  for (const action of v.actions) {
    const c = probe(action);
    // Actions on a hold get one (the defender holding the attacker); a blow into a grapple a grapple of three.
    let holds: ActionContext["holds"] = [];
    for (let seed = 0; holds.length === 0 && seed < 50; seed++) {
      const r = v.resolve({ ...probe("grapple"), attacker: { id: "d", profile: base }, defender: { id: "a", profile: base }, declared: { freeAttack: "harmless" } }, o, new SeededDice(seed));
      holds = r.consequences.holdsAdded;
    }
    if (action === "breakFree" || action === "liftOff") ctxs.push({ ...c, holds });
    else if (action === "counterGrapple") ctxs.push({ ...c, holds });
    else if (action === "release") ctxs.push({ ...c, attacker: c.defender, defender: c.attacker, holds });
    else if (action === "attackIntoGrapple") {
      let h: ActionContext["holds"] = [];
      for (let seed = 0; h.length === 0 && seed < 50; seed++) h = v.resolve({ ...probe("grapple"), attacker: { id: "e", profile: base }, defender: { id: "d", profile: base }, declared: { freeAttack: "harmless" } }, o, new SeededDice(seed)).consequences.holdsAdded;
      ctxs.push({ ...c, holds: h, others: [{ id: "e", profile: base }] });
    } else if (action === "pummel") {
      ctxs.push(c);
      if (v.id === "grapple-die") ctxs.push({ ...c, declared: { limbs: 4 } });
    } else ctxs.push(c);
  }
  console.log(`exact odds of every action, variant ${v.id}`);
  for (const c of ctxs) {
    const label = `${c.action}${c.declared.limbs ? ` (${String(c.declared.limbs)} limbs)` : ""}`;
    try {
      v.odds(c, o);
    } catch (e) {
      console.log(`  ${label}: not measured (${(e as Error).message})`);
      continue;
    }
    const perSecond = measure(`  ${label}`, "queries", () => v.odds(c, o));
    oddsTimes.push([`${v.id} ${label}`, 1000 / perSecond]);
    everyAction++;
  }
}

// The shell through the fake: it draws into the DOM, so it is loaded only now (it installs one).
const { benchBattle, benchShell } = await import("./shell.ts");
const { benchMoveCheck } = await import("./movement.ts");
const shell = await benchShell(MS);
const battle = await benchBattle();
const moves = await benchMoveCheck(MS);
const { benchGmCpu } = await import("./gm-cpu.ts");
const cpu = await benchGmCpu(MS);
const { benchTethers } = await import("./tethers.ts");
const tethers = await benchTethers(MS);
const { benchHoldsPanel, holdsPanelLine } = await import("./holds-panel.ts");
const panel = holdsPanelLine(await benchHoldsPanel(MS));
const { benchRuler } = await import("./ruler.ts");
const ruler = await benchRuler(MS);
const { benchLongCampaign, longCampaignLine } = await import("./long-campaign.ts");
const longCampaign = longCampaignLine(await benchLongCampaign());
console.log(longCampaign);

// What each headline figure measured, in one place: the odds budget is about the rules core's
// exact-odds queries only, never the shell's figures below it.
const ms = (x: number) => (x >= 1 ? `${x.toFixed(2)} ms` : x >= 0.01 ? `${x.toFixed(3)} ms` : `${(x * 1000).toFixed(2)} µs`);
const span = (xs: readonly number[]) => (xs.length === 0 ? "-" : Math.min(...xs) === Math.max(...xs) ? ms(xs[0] as number) : `${ms(Math.min(...xs))} to ${ms(Math.max(...xs))}`);
const byGen = <T extends { generation: number }>(xs: readonly T[], f: (x: T) => string) => xs.map((x) => `v${x.generation} ${f(x)}`).join(", ");
const [slowName, slowMs] = [...oddsTimes].sort((x, y) => y[1] - x[1])[0] ?? ["-", 0];
const over = oddsTimes.filter(([, t]) => t >= ODDS_BUDGET_MS);
console.log(
  [
    "",
    `Summary (${MS} ms per case, node ${process.version}):`,
    `  rules core, exact odds (what the action dialog asks on every change): ${oddsTimes.length} queries timed, ${everyAction} of them every action of every rule set at its heaviest; slowest ${slowName} at ${ms(slowMs)}; budget ${ODDS_BUDGET_MS} ms a query: ${over.length === 0 ? "every query within it" : `OVER for ${over.map(([n, t]) => `${n} (${ms(t)})`).join(", ")}`}`,
    `  shell, one GM grapple through the fake Foundry (rules, dice, card, document writes; no network): ${span(shell.map((x) => x.msPerAction))} an action; server requests when a hold is made: ${byGen(shell.filter((x) => x.variant === "d12-holds"), (x) => String(x.requestsPerHold))}`,
    `  shell, the end of a round in a 60-creature battle with 30 holds: ${byGen(battle, (x) => `${ms(x.msPerRoundEnd)} and ${x.requestsPerRoundEnd.toFixed(1)} requests`)}`,
    `  the GM's tab, process CPU (not wall time) per GM grapple with 60 tokens: ${byGen(cpu, (x) => `${ms(x.cpuMsPerAction)} with ${x.log.toLocaleString("en-US")} messages in the log`)}`,
    `  the check before every token move (player's client): ${byGen(moves, (x) => `${ms(x.msNoHolds)} in no hold, ${ms(x.msThreeHolds)} held by three`)}`,
    panel,
    `  a drag frame on the map: the tethers, a held token's frame ${tethers.usHeldFrame.toFixed(2)} µs (${tethers.usHeldFrameOff.toFixed(2)} µs with them off); beside it the token ruler's extra work per drag frame (20 waypoints, a creature in a hold): ${ruler.usPerFrameExtra.toFixed(2)} µs (${ruler.usPerFrameFirst.toFixed(2)} µs the first frame after a change; ${ruler.usPerFrameLeash.toFixed(2)} µs held at a distance, its leash marked; ${ruler.usPerFrameFree.toFixed(2)} µs in no hold); ${ruler.requestsWhileDragging} server requests while dragging`,
  ].join("\n"),
);
