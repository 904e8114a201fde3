// @vitest-environment happy-dom
// Issue 29, "a player can reel in": the holder's owner hauls in a creature it holds at a distance
// from the token HUD's palette, the combat tracker's menu and a macro (the API), each asking the one
// check (gm/verdict.ts mayAct, the action "reelIn") and each carried out by the GM's tab as a
// request, with a card saying who hauled whom how far. The round's limit is the rules' pace,
// counted on the combat (only a GM writes it), never on anything the player writes.
//
// Expected values by hand: 000 moves a creature of 1" 10 ft a round (1" = 10 ft outdoors on the
// map's feet), and the option reelInPace's default is half of it: 5 ft a round. The fighter stands
// at (2,5), the goblin at (5,5): two squares between them, 15 ft on the 5-ft grid. One haul of 5 ft
// brings the goblin to (4,5), 10 ft away; a second in the same round is refused; in the next round
// the goblin comes to (3,5), beside the fighter (5 ft), and the leash goes.
import { beforeEach, describe, expect, it } from "vitest";
import { addButtons } from "../../src/foundry/hooks/token-hud.ts";
import { menuOffer } from "../../src/foundry/hooks/combat-tracker.ts";
import { ledgerEntries } from "../../src/foundry/documents/ledger.ts";
import type { FakeChatMessage, FakeClient, FakeCombat, FakeToken } from "../fake-foundry/world.ts";
import type { Table } from "./setup.ts";
import { M, writesSince } from "./setup.ts";
import { cardsWith, d12Hold, d12MapTable, place, putHold, settleMoves, warnings } from "./movement-setup.ts";

type Api = { reelIn(holdId: unknown, feet?: unknown): Promise<{ feet: number; leash: number | null } | null> };
const api = (c: FakeClient): Api => c.run(() => (game.modules.get(M as never) as unknown as { api: Api }).api);
const profileOf = (a: { flags: Record<string, unknown> }) => (a.flags[M] as { profile: Record<string, Record<string, unknown>> }).profile["d12-holds"] as Record<string, unknown>;

let t: Table;
let combat: FakeCombat;

async function palette(c: FakeClient, token: FakeToken): Promise<HTMLElement> {
  const html = c.run(() => {
    const h = document.createElement("div");
    h.innerHTML = `<div class="col left"></div><div class="col middle"></div><div class="col right"></div>`;
    addButtons({ document: token as never }, h);
    return h;
  });
  await c.run(async () => {
    html.querySelector<HTMLButtonElement>("[data-wc-palette-toggle]")?.click();
    for (let i = 0; i < 30 && !html.querySelector(".wc-hud__palette:not([hidden])"); i++) await new Promise((r) => setTimeout(r, 0));
  });
  return html;
}
const reelEntry = (html: HTMLElement) => html.querySelector<HTMLButtonElement>(`.wc-hud__palette [data-wc-action="reelIn"]`);
const where = () => [t.goblinToken.x, t.goblinToken.y];
const leash = () => t.gm.run(() => ledgerEntries()).map((k) => k.hold.leash);
const cardTexts = () => cardsWith(t.world, "mapCard").map((m) => m.content);
const post = (c: FakeClient, ask: Record<string, unknown>) => c.run(() => ChatMessage.create({ content: "", whisper: [t.gmUser.id, t.alice.id], flags: { [M]: { request: { state: "pending", ask } } } } as never)) as unknown as Promise<FakeChatMessage>;
const refusedAs = (m: FakeChatMessage) => ((t.world.removedMessages.get(m.id) ?? t.world.messages.get(m.id))?.flags[M] as { request?: { outcome?: { key?: string } } } | undefined)?.request?.outcome?.key;

describe.each([13, 14] as const)("a player reels in (v%i)", (generation) => {
  beforeEach(async () => {
    t = d12MapTable(generation);
    place(t.fighterToken, 2, 5);
    place(t.goblinToken, 5, 5);
    place(t.ogreToken, 20, 20);
    // The fighter's whip reaches 15 ft; the fighter moves 1" (10 ft) a round: 5 ft hauling.
    profileOf(t.fighter).holdReach = 15;
    profileOf(t.fighter).movement = 1;
    combat = t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken], 1);
    await putHold(t, t.fighterToken, t.goblinToken, "WC.Part.leg", d12Hold("h1", "leg", "M", 0, { limb: 0 }));
    expect(leash()).toEqual([15]);
  });

  it("the palette offers Reel in the goblin; the click goes to the GM's tab, which hauls it 5 ft and says so on a card", async () => {
    const html = await palette(t.player, t.fighterToken);
    const b = reelEntry(html);
    expect(b?.textContent).toContain("Reel in Goblin");
    expect(b?.getAttribute("aria-disabled")).toBeNull();
    await t.player.run(async () => b?.click());
    await settleMoves(t.world);
    expect(where()).toEqual([400, 500]);
    expect(leash()).toEqual([10]);
    expect(cardTexts().join(" ")).toContain("Fighter hauls Goblin in by 5 ft: now 10 ft away (hauling it in at half speed).");
    // The count is on the combat (a GM's flags), not on the fighter, its token or its effects.
    expect(JSON.stringify(combat.flags[M])).toContain('"feet":5');
    expect(JSON.stringify(t.fighter.flags)).not.toContain("reeled");
    // Asked again in the same round: greyed with the reason, and a click carries nothing out.
    const again = reelEntry(await palette(t.player, t.fighterToken));
    expect(again?.getAttribute("aria-disabled")).toBe("true");
    expect(again?.dataset.tooltip).toBe("Fighter has already hauled in as far as it may this round (5 ft): wait for the next round.");
    await t.player.run(async () => again?.click());
    await settleMoves(t.world);
    expect(where()).toEqual([400, 500]);
    expect(cardsWith(t.world, "mapCard")).toHaveLength(1);
  });

  it("the combat tracker's menu: Reel in offered, then shown refused with the reason in the same round; the next round it brings the goblin beside", async () => {
    const id = combat.combatants.find((c) => c.token === t.fighterToken)?.id ?? "";
    const menu = t.player.ui.combat.contextMenu(id);
    // The menu's labels are keys Foundry localizes (C-52), as every action's.
    expect(menu.labels).toContain("WC.Reel.action");
    menu.pick("WC.Reel.action");
    await settleMoves(t.world);
    expect(where()).toEqual([400, 500]);
    const after = t.player.ui.combat.contextMenu(id);
    expect(after.labels).not.toContain("WC.Reel.action");
    expect(after.labels).toContain("Reel in: refused (click for the reason)");
    after.pick("Reel in: refused (click for the reason)");
    await settleMoves(t.world);
    expect(warnings(t.player)).toContain("Fighter has already hauled in as far as it may this round (5 ft): wait for the next round.");
    expect(where()).toEqual([400, 500]);
    await t.gm.run(() => combat.update({ round: 2 } as never));
    expect(t.player.run(() => menuOffer(t.fighterToken as never, "reelIn"))).toEqual({ kind: "offer" });
    t.player.ui.combat.contextMenu(id).pick("WC.Reel.action");
    await settleMoves(t.world);
    expect(where()).toEqual([300, 500]);
    expect(leash()).toEqual([undefined]);
    expect(cardTexts().join(" ")).toContain("Fighter hauls Goblin in by 5 ft, right beside it (hauling it in at half speed); the hold is now an ordinary one.");
  });

  it("a macro (the API) from the player's client: hauled through the GM's tab; a second call this round is refused with a notice", async () => {
    expect(await t.player.run(() => api(t.player).reelIn("h1"))).toEqual({ feet: 10, leash: 10 });
    expect(where()).toEqual([400, 500]);
    expect(await t.player.run(() => api(t.player).reelIn("h1"))).toBeNull();
    expect(warnings(t.player)).toContain("Fighter has already hauled in as far as it may this round (5 ft): wait for the next round.");
    expect(where()).toEqual([400, 500]);
  });

  it("a player's console asking for more than the pace, or twice in a round: the GM's tab refuses each, and nothing moves", async () => {
    const mark = t.world.writes.length;
    const far = await post(t.player, { kind: "reel", holdId: "h1", feet: 10 });
    await settleMoves(t.world);
    expect(refusedAs(far)).toBe("WC.Refuse.reelTooFar");
    expect(where()).toEqual([500, 500]);
    expect(writesSince(t.world, mark)).not.toHaveProperty("update Token");
    // Within the pace: carried out once.
    await post(t.player, { kind: "reel", holdId: "h1", feet: 5 });
    await settleMoves(t.world);
    expect(where()).toEqual([400, 500]);
    // Twice in the round, even a foot: refused.
    const twice = await post(t.player, { kind: "reel", holdId: "h1", feet: 1 });
    await settleMoves(t.world);
    expect(refusedAs(twice)).toBe("WC.Refuse.reeledThisRound");
    expect(where()).toEqual([400, 500]);
    // Nonsense is refused as such.
    const bad = await post(t.player, { kind: "reel", holdId: "h1", feet: "all" });
    await settleMoves(t.world);
    expect(refusedAs(bad)).toBe("WC.Refuse.malformed");
    expect(cardsWith(t.world, "mapCard")).toHaveLength(1);
  });

  it("the player's client skips its own check (a console): the GM's tab refuses a haul by a holder the player does not own", async () => {
    // The goblin (the GM's) holds the fighter at a distance: Alice may not haul for the goblin.
    const u = d12MapTable(generation);
    place(u.goblinToken, 2, 5);
    place(u.fighterToken, 5, 5);
    place(u.ogreToken, 20, 20);
    profileOf(u.goblin).holdReach = 15;
    u.world.addCombat([u.fighterToken, u.goblinToken], 1);
    await putHold(u, u.goblinToken, u.fighterToken, "WC.Part.leg", d12Hold("h2", "leg", "S", -2, { limb: 0 }));
    const m = (await u.player.run(() => ChatMessage.create({ content: "", whisper: [u.gmUser.id, u.alice.id], flags: { [M]: { request: { state: "pending", ask: { kind: "reel", holdId: "h2" } } } } } as never))) as unknown as FakeChatMessage;
    await settleMoves(u.world);
    expect(((u.world.removedMessages.get(m.id) ?? u.world.messages.get(m.id))?.flags[M] as { request?: { outcome?: { key?: string } } }).request?.outcome?.key).toBe("WC.Refuse.notOwner");
    expect([u.fighterToken.x, u.fighterToken.y]).toEqual([500, 500]);
    // Nor is the entry there for Alice: the goblin's palette is not hers, and her fighter holds nothing.
    expect(reelEntry(await palette(u.player, u.fighterToken))).toBeNull();
  });
});
