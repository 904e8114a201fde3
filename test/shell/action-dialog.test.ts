// @vitest-environment happy-dom
// The action dialog where the action is possible and where it is refused (issue 20): boxes start
// in range (at the sheet's figure where it gives one), a number out of range is an error with no
// Roll, a refused action shows its reason alone, and a die is described before it is rolled.
import { describe, expect, it } from "vitest";
import { attackerBoxes, dialogContent, initialDeclared, sheetFigures } from "../../src/foundry/ui/action-dialog.ts";
import { launchAt } from "../../src/foundry/ui/launch.ts";
import { RULES_VARIANTS } from "../../src/rules/index.ts";
import type { FakeDialog } from "../fake-foundry/world.ts";
import { M, makeTable, tableFor } from "./setup.ts";

const text = (html: string) => {
  const d = document.createElement("div");
  d.innerHTML = html;
  return (d.textContent ?? "").replace(/\s+/g, " ");
};

describe("a refused action", () => {
  it("d12: an overbear with no hold on the target shows the reason alone, no Roll and no boxes", async () => {
    const t = makeTable();
    let seen: FakeDialog | null = null;
    t.world.onDialog = async (d) => {
      seen = d;
      return d.press("close");
    };
    const out = await t.player.run(() => launchAt(t.fighterToken as never, t.goblinToken as never, "overbear"));
    expect(out).toBeNull();
    const d = seen as FakeDialog | null;
    expect(d?.config.buttons.map((b) => b.action)).toEqual(["close"]);
    expect(d?.element.textContent).toContain("Not possible: Only a creature holding the target may try to overbear it");
    expect(d?.element.querySelectorAll("input, select")).toHaveLength(0);
    expect(t.world.messages.contents).toHaveLength(0);
  });
});

describe("number boxes", () => {
  it("start inside their range: a pummel routine of limbs starts at 1, not 0", async () => {
    const list = attackerBoxes((RULES_VARIANTS["grapple-die"] ?? RULES_VARIANTS["d12-holds"])!.situational("pummel"));
    expect(initialDeclared(list).limbs).toBe(1);
    // Percentile's weapon boxes start at the rules' own weapon (needs 11, 1d6), not at 0 (a sure hit, a 1d1).
    const weapon = attackerBoxes(RULES_VARIANTS.percentile!.situational("subdue"));
    expect(initialDeclared(weapon)).toMatchObject({ needed: 11, damageCount: 1, damageSides: 6, damageBonus: 0 });
    // And at the sheet's figures where it gives them.
    expect(initialDeclared(weapon, { neededToHit: 14, damageCount: 2, damageSides: 4, damageBonus: 1 })).toMatchObject({ needed: 14, damageCount: 2, damageSides: 4, damageBonus: 1 });
    expect(initialDeclared(weapon, { neededToHit: -3 }).needed).toBe(1);
  });

  it("percentile: the roll needed starts at THAC0 less the target's AC, as the sheet gives them", async () => {
    const t = await tableFor("percentile");
    const figures = await t.gm.run(() => sheetFigures({ action: "subdue", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid }));
    expect(typeof figures.neededToHit).toBe("number");
    // A player does not get the GM's creature's AC through the box.
    const mine = await t.player.run(() => sheetFigures({ action: "subdue", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid }));
    expect(mine.neededToHit).toBeUndefined();
  });

  it("a number out of range is an error under its box: no odds and no Roll until it is put right", async () => {
    const t = await tableFor("grapple-die");
    await t.gm.run(() => game.settings.set(M, "showNpcNumbers", true));
    const seen: Array<{ error: string; disabled: boolean; odds: string }> = [];
    t.world.onDialog = async (d) => {
      const limbs = d.form.elements.namedItem("limbs") as HTMLInputElement;
      const look = async () => {
        limbs.dispatchEvent(new Event("input", { bubbles: true }));
        await t.world.settle();
        await new Promise((r) => setTimeout(r, 0));
        seen.push({
          error: d.element.querySelector<HTMLElement>('[data-error-for="limbs"]')?.textContent ?? "",
          disabled: d.element.querySelector<HTMLButtonElement>('button[data-action="roll"]')?.disabled ?? false,
          odds: d.element.querySelector(".wc-odds-picture")?.textContent ?? "",
        });
      };
      expect(limbs.value).toBe("1");
      limbs.value = "0";
      await look();
      limbs.value = "2";
      await look();
      return d.press("cancel");
    };
    await t.player.run(() => launchAt(t.fighterToken as never, t.goblinToken as never, "pummel"));
    expect(seen[0]).toMatchObject({ error: "A whole number from 1 to 4", disabled: true });
    expect(seen[0]?.odds).toContain("Correct the marked field");
    expect(seen[1]).toMatchObject({ error: "", disabled: false });
    expect(seen[1]?.odds).toMatch(/%/);
  });
});

describe("before the roll", () => {
  it("percentile: the Variable is named by its die, not by a trial roll", async () => {
    const t = await tableFor("percentile");
    const html = text(await t.gm.run(() => dialogContent({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid }, {})));
    expect(html).not.toContain("rolled");
    expect(html).toMatch(/Attacker's Variable \(d6 \+ \d+\)/);
  });
});
