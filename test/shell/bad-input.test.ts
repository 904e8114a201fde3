// @vitest-environment happy-dom
// Bad input through every public entry point: the module API, the chat cards' buttons, the
// settings, the tables pasted into the rule options window, the profile form. Each row is refused
// with the message docs/bad-input.md lists for it, and nothing in the world changes (a player's
// request card is posted and then rewritten with the reason, and nothing else is written).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { bindCard } from "../../src/foundry/hooks/chat.ts";
import { act } from "../../src/foundry/cards/request-card.ts";
import { openRuleOptions } from "../../src/foundry/ui/rule-options.ts";
import { grappleDie } from "../../src/rules/index.ts";
import type { FakeChatMessage, FakeClient } from "../fake-foundry/world.ts";
import type { Table } from "./setup.ts";
import { M, makeTable, submitWindow, tableFor } from "./setup.ts";

type Api = Record<string, (...args: unknown[]) => Promise<unknown> | unknown>;
const api = (): Api => game.modules.get(M)?.api as unknown as Api;

interface Row {
  /** The entry point and the input, as docs/bad-input.md words them. */
  readonly entry: string;
  readonly input: string;
  /** The message the user is shown (the last notice on their tab). */
  readonly message: string;
  /** Who does it. */
  readonly by: "player" | "GM";
  /** The rule set the table plays (d12-holds unless said). */
  readonly variant?: string;
  /** What comes before (made by the GM; not part of what must leave the world unchanged). */
  readonly before?: (t: Table) => Promise<unknown>;
  /** The bad input itself, run on the doer's tab. */
  readonly run: (t: Table, before: unknown) => Promise<unknown> | unknown;
  /** What the call gives back, where it gives something. */
  readonly returns?: unknown;
  /** The player's request card is posted and rewritten as refused (the only writes allowed). */
  readonly request?: true;
  /** The tab that is told, when it is not the doer's own (another player's). */
  readonly on?: (before: unknown) => FakeClient;
}

const intent = (t: Table, over: Record<string, unknown> = {}) => ({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, ...over });

/** The fighter's arm hold on the goblin (d20 8 + 2 hits; d12 6 + 1 = 7; break 2 fails), made by the GM. */
async function hold(t: Table): Promise<FakeChatMessage> {
  t.world.script([[20, 8], [12, 6], [12, 2]]);
  const out = (await t.gm.run(() => act(intent(t)))) as { messageId: string };
  return t.world.messages.get(out.messageId) as FakeChatMessage;
}

/** The ogre's body hold on the fighter, with its 1d3 of damage (1 real, 2 temporary): a card with a damage correction. */
async function damagingHold(t: Table): Promise<FakeChatMessage> {
  t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
  const out = (await t.gm.run(() => act({ action: "grapple", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }))) as { messageId: string };
  return t.world.messages.get(out.messageId) as FakeChatMessage;
}

/** The ogre's charge at the fighter: the card asks the fighter's player for the first strike. */
async function question(t: Table): Promise<FakeChatMessage> {
  await t.gm.run(() => act({ action: "chargingOverbear", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }));
  return t.world.messages.contents.find((m) => m.getFlag(M, "strike")) as FakeChatMessage;
}

/** With "GM confirms", the end of round 1 waits on its card for the GM's Apply. */
async function pendingRoundCard(t: Table): Promise<FakeChatMessage> {
  await t.gm.run(() => game.settings.set(M, "automation", "confirm"));
  const combat = t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken], 1);
  await t.gm.run(() => combat.update({ round: 2 }, { direction: 1 }));
  await t.world.settle();
  return t.world.messages.contents.find((m) => m.getFlag(M, "roundCard")) as FakeChatMessage;
}

/** Presses a button on `html` (a card as this tab shows it, or as an older view still shows it). */
function press(message: FakeChatMessage, html: string, selector: string): void {
  const el = document.createElement("li");
  el.innerHTML = html;
  bindCard(message as never, el);
  const button = el.querySelector<HTMLButtonElement>(selector);
  if (!button) throw new Error(`no ${selector} on the card`);
  button.click();
}

function profileWith(values: Record<string, string>) {
  return (t: Table) => {
    t.world.onDialog = async (d) => {
      for (const [name, value] of Object.entries(values)) (d.form.elements.namedItem(name) as HTMLInputElement).value = value;
      return d.press("save");
    };
    return api().editProfile?.(t.fighter);
  };
}

function pasted(text: (table: typeof grappleDie.GRAPPLE_DIE_TABLE) => string) {
  return async (t: Table) => {
    await openRuleOptions();
    await submitWindow(t.gm, "rule-options", (form) => ((form.elements.namedItem("table") as HTMLTextAreaElement).value = text(grappleDie.GRAPPLE_DIE_TABLE)));
  };
}

const ROWS: readonly Row[] = [
  // The module API: act
  { entry: "`api.act`", input: "`null`", by: "player", message: "The request was not understood.", run: () => api().act?.(null), returns: { kind: "refused", key: "WC.Refuse.malformed", params: {} } },
  { entry: "`api.act`", input: "an action no rule set has (`fireball`)", by: "player", message: "The request was not understood.", run: (t) => api().act?.(intent(t, { action: "fireball" })) },
  { entry: "`api.act`", input: "an action the world's rule set lacks (`subdue` in d12-holds)", by: "player", message: "The current rules have no such action: subdue.", run: (t) => api().act?.(intent(t, { action: "subdue" })) },
  { entry: "`api.act`", input: "no `attackerUuid`", by: "player", message: "The request was not understood.", run: (t) => api().act?.(intent(t, { attackerUuid: undefined })) },
  { entry: "`api.act`", input: "an actor's UUID where a token's belongs", by: "player", message: "One of the tokens no longer exists.", run: (t) => api().act?.(intent(t, { attackerUuid: t.fighter.uuid })) },
  { entry: "`api.act`", input: "a token deleted since", by: "player", message: "One of the tokens no longer exists.", before: (t) => t.gm.run(() => t.goblinToken.delete()), run: (t) => api().act?.(intent(t)) },
  { entry: "`api.act`", input: "a creature against itself", by: "player", message: "A creature cannot act against itself.", run: (t) => api().act?.(intent(t, { defenderUuid: t.fighterToken.uuid })) },
  {
    entry: "`api.act`",
    input: "tokens on two scenes",
    by: "player",
    message: "Both creatures must be on the same scene.",
    before: async (t) => t.world.addToken(t.world.addScene(), t.goblin, { linked: false }),
    run: (t, far) => api().act?.(intent(t, { defenderUuid: (far as { uuid: string }).uuid })),
  },
  { entry: "`api.act`", input: "a creature the player does not control", by: "player", message: "You do not control Ogre.", run: (t) => api().act?.(intent(t, { attackerUuid: t.ogreToken.uuid })) },
  { entry: "`api.act`", input: "`declared` with a key the action does not have (`autoHit`)", by: "player", message: "The request carried an unknown or out-of-range circumstance: autoHit.", run: (t) => api().act?.(intent(t, { declared: { autoHit: true } })) },
  { entry: "`api.act`", input: "`declared` out of range (`toHitBonus: 99`)", by: "player", message: "The request carried an unknown or out-of-range circumstance: toHitBonus.", run: (t) => api().act?.(intent(t, { declared: { toHitBonus: 99 } })) },
  { entry: "`api.act`", input: "`declared` of the wrong type (`rear: \"yes\"`)", by: "player", message: "The request carried an unknown or out-of-range circumstance: rear.", run: (t) => api().act?.(intent(t, { declared: { rear: "yes" } })) },
  { entry: "`api.act`", input: "the defender's own answer declared by the attacker's player (`firstStrike`)", by: "player", message: "The request carried an unknown or out-of-range circumstance: firstStrike.", run: (t) => api().act?.(intent(t, { action: "chargingOverbear", declared: { firstStrike: "miss" } })) },
  { entry: "`api.act`", input: "`holdId` that is not text", by: "player", message: "The request was not understood.", run: (t) => api().act?.(intent(t, { action: "breakFree", holdId: 3 })) },
  { entry: "`api.act`", input: "`breakFree` with no hold in place", by: "player", message: "Not possible: There is no such hold between these two.", request: true, run: (t) => api().act?.(intent(t, { action: "breakFree" })) },
  // odds
  { entry: "`api.odds`", input: "`null`", by: "player", message: "The request was not understood.", run: () => api().odds?.(null), returns: [] },
  { entry: "`api.odds`", input: "an action the world's rule set lacks", by: "player", message: "The current rules have no such action: subdue.", run: (t) => api().odds?.(intent(t, { action: "subdue" })), returns: [] },
  { entry: "`api.odds`", input: "`breakFree` with no hold in place", by: "player", message: "Not possible: There is no such hold between these two.", run: (t) => api().odds?.(intent(t, { action: "breakFree" })), returns: [] },
  { entry: "`api.odds`", input: "a token deleted since", by: "player", message: "One of the tokens no longer exists.", before: (t) => t.gm.run(() => t.goblinToken.delete()), run: (t) => api().odds?.(intent(t)), returns: [] },
  // use
  { entry: "`api.use`", input: "no token selected", by: "player", message: "Select the token that acts.", run: () => api().use?.("grapple"), returns: null },
  {
    entry: "`api.use`",
    input: "two tokens selected",
    by: "player",
    message: "Select just one token.",
    run: (t) => {
      t.player.canvas.tokens.controlled = [{ document: t.fighterToken }, { document: t.ogreToken }];
      return api().use?.("grapple");
    },
    returns: null,
  },
  {
    entry: "`api.use`",
    input: "no target",
    by: "player",
    message: "Target the creature to attack first.",
    run: (t) => {
      t.player.canvas.tokens.controlled = [{ document: t.fighterToken }];
      return api().use?.("grapple");
    },
    returns: null,
  },
  {
    entry: "`api.use`",
    input: "an action no rule set has",
    by: "player",
    message: "The request was not understood.",
    run: (t) => {
      t.player.canvas.tokens.controlled = [{ document: t.fighterToken }];
      t.player.user.targets.add(t.goblinToken.object);
      return api().use?.("fireball");
    },
  },
  {
    entry: "`api.use`",
    input: "an action of another rule set (`deathBlow` under d12 holds)",
    by: "player",
    message: "Death blow is not an action of this world's rule set, d12 holds, after a 1982 magazine article. The GM chooses the rule set under Game Settings → Configure Settings → Weaponless Combat → Rules.",
    run: (t) => {
      t.player.canvas.tokens.controlled = [{ document: t.fighterToken }];
      t.player.user.targets.add(t.goblinToken.object);
      return api().use?.("deathBlow");
    },
    returns: null,
  },
  {
    entry: "`api.use`",
    input: "a selected token the player does not control",
    by: "player",
    message: "You do not control Ogre.",
    run: (t) => {
      t.player.canvas.tokens.controlled = [{ document: t.ogreToken }];
      t.player.user.targets.add(t.goblinToken.object);
      return api().use?.("grapple");
    },
    returns: null,
  },
  // the other API calls
  { entry: "`api.editProfile`", input: "a creature the player does not control", by: "player", message: "You do not control Ogre.", run: (t) => api().editProfile?.(t.ogre) },
  { entry: "`api.renderCard`", input: "something that is not a card", by: "player", message: "That is not a Weaponless Combat card.", run: () => api().renderCard?.({ hello: 1 }), returns: "" },
  { entry: "`api.massCharge`", input: "called by a player", by: "player", message: "Only a GM may do that.", run: () => api().massCharge?.(), returns: null },
  { entry: "`api.checkWorld`", input: "called by a player", by: "player", message: "Only a GM may do that.", run: () => api().checkWorld?.({ show: false }), returns: null },
  // chat card buttons
  { entry: "card button", input: "*Undo* pressed by a player", by: "player", message: "Only a GM may do that.", before: hold, run: (_t, card) => press(card as FakeChatMessage, (card as FakeChatMessage).content, '[data-wc-action="undo"]') },
  {
    entry: "card button",
    input: "*Apply* on a card applied already (an older view of it)",
    by: "GM",
    message: "This card has been dealt with already.",
    before: async (t) => {
      await t.gm.run(() => game.settings.set(M, "automation", "confirm"));
      const card = await hold(t);
      const pending = card.content;
      await t.gm.run(async () => press(card, pending, '[data-wc-action="apply"]'));
      await t.world.settle();
      return { card, pending };
    },
    run: (_t, b) => press((b as { card: FakeChatMessage }).card, (b as { pending: string }).pending, '[data-wc-action="apply"]'),
  },
  {
    entry: "card button",
    input: "*Undo* on a card undone already (an older view of it)",
    by: "GM",
    message: "This card has been dealt with already.",
    before: async (t) => {
      const card = await hold(t);
      const applied = card.content;
      await t.gm.run(async () => press(card, applied, '[data-wc-action="undo"]'));
      await t.world.settle();
      return { card, applied };
    },
    run: (_t, b) => press((b as { card: FakeChatMessage }).card, (b as { applied: string }).applied, '[data-wc-action="undo"]'),
  },
  {
    entry: "card button",
    input: "*Break free* on a card whose hold has ended",
    by: "player",
    message: "That hold has already ended.",
    before: async (t) => {
      const card = await hold(t);
      await t.gm.run(() => act(intent(t, { action: "release" })));
      // The goblin is the player's here, so the player may press its Break free.
      t.goblin.ownership[t.alice.id] = 3;
      return card;
    },
    run: (_t, card) => press(card as FakeChatMessage, (card as FakeChatMessage).content, '[data-wc-follow="breakFree"]'),
  },
  {
    entry: "question card",
    input: "answered by a player who does not own the defender",
    by: "player",
    message: "You do not control Fighter.",
    request: true,
    before: async (t) => {
      const card = await question(t);
      // Bob, another player, answers the fighter's question.
      const bob = t.world.addUser("Bob", false);
      const { registerHooks } = await import("../../src/foundry/hooks/index.ts");
      return { card, tab: t.world.connect(bob, registerHooks) };
    },
    run: (_t, b) => {
      const { card, tab } = b as { card: FakeChatMessage; tab: FakeClient };
      return tab.run(async () => press(card, card.content, '[data-wc-strike="hit"]'));
    },
    on: (b) => (b as { tab: FakeClient }).tab,
  },
  {
    entry: "question card",
    input: "answered again after its answer (an older view of it)",
    by: "player",
    message: "That request is no longer waiting.",
    request: true,
    before: async (t) => {
      const card = await question(t);
      const html = card.content;
      t.world.script([[20, 1]]);
      await t.player.run(async () => press(card, html, '[data-wc-strike="roll"]'));
      await t.world.settle();
      return { card, html };
    },
    run: (_t, b) => press((b as { card: FakeChatMessage }).card, (b as { html: string }).html, '[data-wc-strike="hit"]'),
  },
  {
    entry: "request card",
    input: "*Cancel* on another player's request",
    by: "player",
    message: "Only the player who asked, or a GM, may cancel this request.",
    before: async (t) => {
      t.world.disconnect(t.gm);
      const bob = t.world.addUser("Bob", false);
      t.ogre.ownership[bob.id] = 3;
      const { registerHooks } = await import("../../src/foundry/hooks/index.ts");
      const tab = t.world.connect(bob, registerHooks);
      await tab.run(() => act(intent(t, { attackerUuid: t.ogreToken.uuid })));
      return t.world.messages.contents.find((m) => m.getFlag(M, "request"));
    },
    run: (_t, card) => press(card as FakeChatMessage, (card as FakeChatMessage).content, '[data-wc-request-action="cancel"]'),
  },
  {
    entry: "round card",
    input: "*Apply* pressed by a player",
    by: "player",
    message: "Only a GM may do that.",
    before: pendingRoundCard,
    run: (_t, card) => press(card as FakeChatMessage, (card as FakeChatMessage).content, '[data-wc-action="apply"]'),
  },
  {
    entry: "round card",
    input: "*Apply* on one applied already (an older view of it)",
    by: "GM",
    message: "This card has been dealt with already.",
    before: async (t) => {
      const card = await pendingRoundCard(t);
      const pending = card.content;
      await t.gm.run(async () => press(card, pending, '[data-wc-action="apply"]'));
      await t.world.settle();
      return { card, pending };
    },
    run: (_t, b) => press((b as { card: FakeChatMessage }).card, (b as { pending: string }).pending, '[data-wc-action="apply"]'),
  },
  { entry: "card button", input: "*Adjust damage* pressed by a player", by: "player", message: "Only a GM may do that.", before: damagingHold, run: (_t, card) => press(card as FakeChatMessage, (card as FakeChatMessage).content, '[data-wc-action="ledger"]') },
  // settings (the settings window, a macro or another module: checked before they are saved)
  {
    entry: "setting *Rules*",
    input: "changed while holds are in place in a combat",
    by: "GM",
    message: "Finish or end the holds in combat before switching rules.",
    before: async (t) => {
      t.world.addCombat([t.fighterToken, t.goblinToken]);
      await hold(t);
    },
    run: () => game.settings.set(M, "variant", "percentile" as never),
  },
  { entry: "setting *Rules*", input: "a rule set that does not exist", by: "GM", message: 'Rules was not changed: it must be one of d12-holds, grapple-die, percentile (got "chess").', run: () => game.settings.set(M, "variant", "chess" as never) },
  { entry: "setting *Automation*", input: "a value it does not offer", by: "GM", message: 'Automation was not changed: it must be one of automatic, confirm, manual (got "sometimes").', run: () => game.settings.set(M, "automation", "sometimes" as never) },
  { entry: "setting *Hit points path*", input: "not a path into the system data (`hp`)", by: "GM", message: 'Hit points path was not changed: it must be empty (the system\'s own path) or a path into the actor\'s system data, such as system.attributes.hp.value (got "hp").', run: () => game.settings.set(M, "hpPath", "hp" as never) },
  { entry: "setting *Rule options*", input: "an option that does not exist (from a macro)", by: "GM", message: "Weaponless combat rule options was not changed: options.nope: No rule option of that name.", run: () => game.settings.set(M, "ruleOptions", { "d12-holds": { nope: true } } as never) },
  { entry: "setting *Rule options*", input: "options for a rule set that does not exist", by: "GM", message: "Weaponless combat rule options was not changed: No rules variant called chess.", run: () => game.settings.set(M, "ruleOptions", { chess: {} } as never) },
  // tables pasted into the rule options window (grapple-die's grapple die table)
  { entry: "pasted table", input: "text that is not JSON", by: "GM", variant: "grapple-die", message: "The options were not saved: options.table: Must be a group of fields (got text).", run: pasted(() => "{rows: oops") },
  { entry: "pasted table", input: "a list instead of a table", by: "GM", variant: "grapple-die", message: "The options were not saved: options.table: Must be a group of fields (got list).", run: pasted(() => "[]") },
  { entry: "pasted table", input: "a table with a gap (rows 3-5 left out)", by: "GM", variant: "grapple-die", message: "The options were not saved: options.table.rows[1]: The table has no row for 3 to 5.", run: pasted((g) => JSON.stringify({ ...g, rows: g.rows.filter((_, i) => i !== 1) })) },
  { entry: "pasted table", input: "a table with an overlap (its first row again at the end)", by: "GM", variant: "grapple-die", message: "The options were not saved: options.table.rows[10]: Two rows of the table both cover -inf to +inf.; options.table.rows[10]: The table has no row for 3 to +inf.", run: pasted((g) => JSON.stringify({ ...g, rows: [...g.rows, g.rows[0]] })) },
  { entry: "pasted table", input: "a table with no rows", by: "GM", variant: "grapple-die", message: "The options were not saved: options.table: The table has no rows.", run: pasted((g) => JSON.stringify({ ...g, rows: [] })) },
  { entry: "rule options window", input: "opened by a player", by: "player", message: "Only a GM may do that.", run: () => openRuleOptions() },
  // the profile form
  { entry: "profile form", input: "movement -3", by: "player", message: "The profile was not saved: Land movement (inches): Must be from 0 to 240 (got -3).", run: profileWith({ movement: "-3" }) },
  { entry: "profile form", input: "movement 2.5", by: "player", message: "The profile was not saved: Land movement (inches): Must be a whole number (got 2.5).", run: profileWith({ movement: "2.5" }) },
  { entry: "profile form", input: "movement left empty (or letters, which the browser empties)", by: "player", message: "The profile was not saved: Land movement (inches): Must be a whole number (got -).", run: profileWith({ movement: "" }) },
  { entry: "profile form", input: "exceptional Strength with a score of 17", by: "player", message: "The profile was not saved: Exceptional Strength (18/xx): Exceptional Strength goes only with a score of 18.", run: profileWith({ "strength.score": "17", "strength.exceptional": "50" }) },
];

/** Everything but the chat log: what must not change. */
function world(t: Table): string {
  const actor = (a: Table["fighter"]) => ({ system: a.system, flags: a.flags, effects: a.effects.map((e) => e.toObject()) });
  return JSON.stringify({
    actors: t.world.actors.map((a) => [a.uuid, actor(a)]),
    tokens: [...t.world.scenes].flatMap((s) => s.tokens.map((x) => [x.uuid, x.actorLink ? null : actor(x.actor)])),
    combats: t.world.combats.map((c) => [c.id, c.round, c.flags]),
    settings: [...t.world.settingValues],
  });
}

/** The rows of docs/bad-input.md's table: entry point, bad input, who, message. */
function documented(): string[][] {
  const text = readFileSync("docs/bad-input.md", "utf8");
  return text
    .split("\n")
    .filter((l) => l.startsWith("| ") && !l.startsWith("| Entry point") && !l.startsWith("|---"))
    .map((l) =>
      l
        .slice(2, -2)
        .split(" | ")
        .map((c) => c.trim()),
    );
}

describe("bad input through every public entry point", () => {
  it("docs/bad-input.md lists exactly these rows, with these messages", () => {
    if (process.env.WC_PRINT_ROWS) console.log(ROWS.map((r) => `| ${[r.entry, r.input, r.by, r.message.replaceAll("|", "\\|"), r.request ? "the player's request card, rewritten with the reason and then taken away by its player" : "nothing"].join(" | ")} |`).join("\n"));
    expect(documented()).toEqual(ROWS.map((r) => [r.entry, r.input, r.by, r.message.replaceAll("|", "\\|"), r.request ? "the player's request card, rewritten with the reason and then taken away by its player" : "nothing"]));
  });

  it.each(ROWS.map((r, i) => [`${r.entry}: ${r.input}`, i] as const))("%s", async (_name, i) => {
    const row = ROWS[i] as Row;
    const t = row.variant ? await tableFor(row.variant) : makeTable();
    await t.world.settle();
    const before = row.before ? await row.before(t) : undefined;
    await t.world.settle();
    const client = row.by === "GM" ? t.gm : t.player;
    const told = row.on?.(before) ?? client;
    const state = world(t);
    const mark = t.world.writes.length;
    const notices = told.notifications.length;
    let out: unknown;
    await client.run(async () => {
      out = await row.run(t, before);
    });
    await t.world.settle();
    // The user is told, in so many words.
    expect(told.notifications.slice(notices).at(-1)?.message).toBe(row.message);
    if ("returns" in row) expect(out).toEqual(row.returns);
    // And nothing changed: no write but the player's own request card, its refusal, and its removal
    // once the player has been told.
    expect(world(t)).toBe(state);
    const written = t.world.writes.slice(mark).map((w) => `${w.op} ${w.documentName}`);
    expect(written).toEqual(row.request ? ["create ChatMessage", "update ChatMessage", "delete ChatMessage"] : []);
  });
});
