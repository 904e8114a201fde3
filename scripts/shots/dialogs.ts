/**
 * Every action's dialog, for each rule set's own action list, where the action is possible and
 * where it is refused, as the player (the fighter acting) and as the GM (the ogre acting, or the
 * goblin for a blow into a grapple). Each world is set up so the action is possible (a hold
 * standing for Break free, Release, Counter grapple and Lift off; a prone creature for Stand up;
 * an unconscious one for Coup de grâce and Death blow; a held or helpless one for Grab an item;
 * a grapple in progress for Strike into a grapple), and the rules themselves say which it is:
 * the first set-up where they allow the action gives its "possible" picture, the first where
 * they refuse it its "refused" one. The dialog is the one the shell opens (askDeclared through
 * DialogV2), with its own buttons, cancelled once drawn.
 */
import type { Declared, ShellAction, Situational } from "../../src/rules/index.ts";
import { isRefusalKey, isRefusalOdds, RULES_VARIANTS } from "../../src/rules/index.ts";
import { askDeclared } from "../../src/foundry/ui/action-dialog.ts";
import { act } from "../../src/foundry/cards/request-card.ts";
import { resolveCast } from "../../src/foundry/documents/cast.ts";
import { statusFor } from "../../src/foundry/documents/statuses.ts";
import { contextFor } from "../../src/foundry/gm/resolve.ts";
import { activeOptions, activeVariant } from "../../src/foundry/world/settings.ts";
import type { FakeClient, FakeDialog, FakeToken } from "../../test/fake-foundry/world.ts";
import { M } from "../../test/shell/setup.ts";
import type { Lang, Role, Scene, ShotTable as Table, Variant } from "./scenes.ts";
import { dice, escape, hud, table } from "./scenes.ts";

/** Who acts on whom, for each role, in a set-up. */
interface Cast {
  readonly client: FakeClient;
  readonly from: FakeToken;
  readonly to: FakeToken;
}

interface Setup {
  /** Named in the picture's stem when it is not the plain one ("open"). */
  readonly name: string;
  /** Puts the world in place; returns who acts for each role. */
  readonly make: (t: Table, variant: Variant) => Promise<Record<Role, Cast>>;
}

const plain = (t: Table): Record<Role, Cast> => ({
  player: { client: t.player, from: t.fighterToken, to: t.ogreToken },
  gm: { client: t.gm, from: t.ogreToken, to: t.fighterToken },
});

/** The GM's profile values for one creature in this variant (over what the table set). */
export function override(token: FakeToken, variant: Variant, values: Record<string, unknown>): void {
  const flags = (token.actor.flags[M] ??= { profile: {} }) as { profile: Record<string, Record<string, unknown>> };
  flags.profile[variant] = { ...(flags.profile[variant] ?? {}), ...values };
}

/** A condition on a creature as the host shows it: an effect carrying the status. */
export async function putStatus(t: Table, token: FakeToken, key: "prone" | "unconscious" | "stunned"): Promise<void> {
  await t.gm.run(async () => {
    const actor = token.actor as unknown as { createEmbeddedDocuments(k: string, d: unknown[]): Promise<unknown> };
    await actor.createEmbeddedDocuments("ActiveEffect", [{ name: key, statuses: [statusFor(key)], duration: {} }]);
  });
  await t.world.settle();
}

/** Whether `holder` holds `held` now (a hold half on the held creature). */
function holds(holder: FakeToken, held: FakeToken): boolean {
  return [...held.actor.effects].some((e) => {
    const h = e.getFlag(M, "hold") as { record?: { holderId?: string; heldId?: string } } | undefined;
    return h?.record?.holderId === holder.uuid && h.record.heldId === held.uuid;
  });
}

/** Dice that make a grapple take hold, by variant (as the cards' scenes found them), tried in turn. */
export const HOLD_DICE: Record<Variant, Array<Record<number, number[]>>> = {
  "d12-holds": [{ 20: [16], 12: [9, 1], 3: [1] }, { 20: [19], 12: [6, 1], 3: [1] }, { 20: [15], 12: [8, 4], 3: [3] }],
  "grapple-die": [{ 20: [16, 14], 4: [2] }, { 20: [19, 2], 4: [1] }, { 20: [15, 12], 4: [3] }],
  percentile: [{ 6: [4], 4: [2], 100: [22, 71] }, { 6: [5], 4: [2], 100: [10, 40] }, { 6: [6], 4: [4], 100: [1, 99] }],
};
export const HOLD_DECLARED: Record<Variant, Declared> = { "d12-holds": {}, "grapple-die": { freeAttack: "harmless" }, percentile: { defense: "none" } };

/** `holder` grapples `held` for real (the GM's work, so no request waits) until a hold stands. */
export async function grappleUntilHeld(t: Table, variant: Variant, holder: FakeToken, held: FakeToken): Promise<boolean> {
  for (const faces of HOLD_DICE[variant]) {
    dice(t, faces);
    await t.gm.run(() => act({ action: "grapple", attackerUuid: holder.uuid, defenderUuid: held.uuid, declared: HOLD_DECLARED[variant] }));
    await t.world.settle();
    if (holds(holder, held)) return true;
  }
  return false;
}

const SETUPS: readonly Setup[] = [
  { name: "", make: async (t) => plain(t) },
  {
    // A small target: Overbear where the rules weigh the target (the goblin).
    name: "small-target",
    make: async (t) => ({ player: { client: t.player, from: t.fighterToken, to: t.goblinToken }, gm: { client: t.gm, from: t.ogreToken, to: t.goblinToken } }),
  },
  {
    // The acting creature holds its target: Release, Overbear (d12), Grab an item from the held.
    name: "holding",
    make: async (t, v) => {
      await grappleUntilHeld(t, v, t.fighterToken, t.ogreToken);
      await grappleUntilHeld(t, v, t.goblinToken, t.fighterToken);
      return { player: { client: t.player, from: t.fighterToken, to: t.ogreToken }, gm: { client: t.gm, from: t.goblinToken, to: t.fighterToken } };
    },
  },
  {
    // The same in a fight: d12-holds' Overbear is then a declaration, with its own button.
    name: "holding-in-fight",
    make: async (t, v) => {
      await grappleUntilHeld(t, v, t.fighterToken, t.ogreToken);
      await grappleUntilHeld(t, v, t.goblinToken, t.fighterToken);
      t.world.addCombat([t.fighterToken, t.ogreToken, t.goblinToken]);
      return { player: { client: t.player, from: t.fighterToken, to: t.ogreToken }, gm: { client: t.gm, from: t.goblinToken, to: t.fighterToken } };
    },
  },
  {
    // The acting creature is held by its target: Break free, Counter grapple.
    name: "held",
    make: async (t, v) => {
      await grappleUntilHeld(t, v, t.ogreToken, t.fighterToken);
      const holder = (await grappleUntilHeld(t, v, t.fighterToken, t.goblinToken)) ? t.fighterToken : (await grappleUntilHeld(t, v, t.ogreToken, t.goblinToken)) ? t.ogreToken : t.fighterToken;
      return { player: { client: t.player, from: t.fighterToken, to: t.ogreToken }, gm: { client: t.gm, from: t.goblinToken, to: holder } };
    },
  },
  {
    // Held by a smaller creature (percentile: an ogre's hold stuns, so nothing is left to try).
    name: "held-by-goblin",
    make: async (t, v) => {
      await grappleUntilHeld(t, v, t.fighterToken, t.ogreToken);
      await grappleUntilHeld(t, v, t.goblinToken, t.fighterToken);
      return { player: { client: t.player, from: t.fighterToken, to: t.goblinToken }, gm: { client: t.gm, from: t.ogreToken, to: t.fighterToken } };
    },
  },
  {
    // A flier (by magic) held by its target: Lift off.
    name: "held-flier",
    make: async (t, v) => {
      override(t.fighterToken, v, { flight: "magic" });
      override(t.goblinToken, v, { flight: "magic" });
      await grappleUntilHeld(t, v, t.ogreToken, t.fighterToken);
      const holder = (await grappleUntilHeld(t, v, t.fighterToken, t.goblinToken)) ? t.fighterToken : (await grappleUntilHeld(t, v, t.ogreToken, t.goblinToken)) ? t.ogreToken : t.fighterToken;
      return { player: { client: t.player, from: t.fighterToken, to: t.ogreToken }, gm: { client: t.gm, from: t.goblinToken, to: holder } };
    },
  },
  {
    // The acting creature lies prone: Stand up.
    name: "prone",
    make: async (t) => {
      await putStatus(t, t.fighterToken, "prone");
      await putStatus(t, t.ogreToken, "prone");
      return plain(t);
    },
  },
  {
    // The target lies unconscious: Coup de grâce, Death blow, Grab an item.
    name: "helpless",
    make: async (t, v) => {
      if (v === "grapple-die") override(t.ogreToken, v, { readiedAttack: { kind: "weapon", lengthFt: 4, damage: { count: 1, sides: 10 }, damageBonus: 0, toHitBonus: 0 } });
      await putStatus(t, t.fighterToken, "unconscious");
      await putStatus(t, t.ogreToken, "unconscious");
      return plain(t);
    },
  },
  {
    // A grapple in progress the acting creature is outside: Strike into a grapple.
    name: "grapple-in-progress",
    make: async (t, v) => {
      await grappleUntilHeld(t, v, t.ogreToken, t.goblinToken);
      // The GM's hobgoblin, outside it, strikes at the ogre holding the goblin.
      const hob = t.world.addActor("Hobgoblin", { attributes: { hp: { value: 9, max: 9 } } });
      hob.flags[M] = { profile: { [v]: structuredClone((t.goblin.flags[M] as { profile: Record<string, unknown> }).profile[v]) } };
      const hobgoblin = t.world.addToken(t.ogreToken.parent, hob, { linked: false });
      if (v === "grapple-die") override(hobgoblin, v, { readiedAttack: { kind: "weapon", lengthFt: 3, damage: { count: 1, sides: 6 }, damageBonus: 0, toHitBonus: 0 } });
      return { player: { client: t.player, from: t.fighterToken, to: t.ogreToken }, gm: { client: t.gm, from: hobgoblin, to: t.ogreToken } };
    },
  },
  {
    // The acting creature is out cold: most actions refused.
    name: "acting-unconscious",
    make: async (t) => {
      await putStatus(t, t.fighterToken, "unconscious");
      await putStatus(t, t.ogreToken, "unconscious");
      return plain(t);
    },
  },
  {
    // No blow to strike with: no attacks a round, no pummeling limbs, no readied weapon.
    name: "unarmed",
    make: async (t, v) => {
      if (v === "d12-holds") {
        override(t.fighterToken, v, { attacksPerRound: 0 });
        override(t.ogreToken, v, { pummelLimbs: 0 });
      } else {
        override(t.fighterToken, v, { readiedAttack: null });
        override(t.ogreToken, v, { readiedAttack: null });
      }
      return plain(t);
    },
  },
  {
    // A creature too dull to pummel (d12: intelligence "non").
    name: "mindless",
    make: async (t, v) => {
      override(t.fighterToken, v, { intelligence: "non" });
      override(t.ogreToken, v, { intelligence: "non" });
      return plain(t);
    },
  },
];

/** The declared values the rules are asked with when sorting possible from refused: every number at its least. */
function sortingDeclared(list: readonly Situational[]): Record<string, boolean | number | string> {
  const out: Record<string, boolean | number | string> = {};
  for (const s of list) out[s.key] = s.kind === "flag" ? false : s.kind === "number" ? s.min : s.initial;
  return out;
}

/** The rules' verdict on the action here: refused (by the odds, the resolution, or the shell), or possible. */
export function verdict(c: Cast, action: ShellAction): "possible" | "refused" {
  return c.client.run(() => {
    try {
      const variant = activeVariant();
      const { attacker, defender } = resolveCast(c.from.uuid, c.to.uuid);
      const declared = sortingDeclared(variant.situational(action));
      const ctx = contextFor({ action, attackerUuid: c.from.uuid, defenderUuid: c.to.uuid, declared }, attacker, defender, variant);
      if (isRefusalOdds(variant.odds(ctx, activeOptions()))) return "refused";
      const r = variant.resolve(ctx, activeOptions(), { roll: (sides: number) => sides });
      return isRefusalKey(r.headline.key) ? "refused" : "possible";
    } catch {
      return "refused";
    }
  });
}

/** The dialog the shell opens for `action` here, drawn and cancelled: its body, title and buttons. */
async function openDialog(t: Table, c: Cast, action: ShellAction): Promise<{ title: string; html: string; buttons: string[]; width?: number } | { error: string }> {
  const seen: FakeDialog[] = [];
  t.world.onDialog = async (d) => {
    seen.push(d);
    return null;
  };
  const before = new Set(c.client.notifications);
  try {
    await c.client.run(() => askDeclared({ action, attackerUuid: c.from.uuid, defenderUuid: c.to.uuid }));
  } catch (e) {
    return { error: String(e) };
  } finally {
    t.world.onDialog = (d) => d.press(d.config.buttons[0]?.action ?? "");
  }
  const d = seen[0];
  if (!d) return { error: c.client.notifications.filter((n) => !before.has(n)).map((n) => n.message).join(" ") || "no dialog opened" };
  const form = d.element.querySelector("form");
  form?.querySelector(":scope > footer")?.remove();
  const width = (d.config as { position?: { width?: number } }).position?.width;
  return { title: d.config.window?.title ?? "", html: form?.innerHTML ?? "", buttons: d.config.buttons.map((b) => b.label), ...(width ? { width } : {}) };
}

/**
 * Actions the shell sends without a dialog (src/foundry/ui/launch.ts NO_DIALOG): their cards show
 * them. A grab names its creature's grabbing attack, which these tables' creatures have none of:
 * its dialog is shot on a table of its own (grab-scenes.ts).
 */
const NO_DIALOG: readonly ShellAction[] = ["release", "grab"];

export interface DialogCoverage {
  /** Per action and role: the set-up its possible and refused pictures were taken in, or missing. */
  readonly found: Record<string, { possible?: string; refused?: string }>;
}

export async function dialogScenes(out: Scene[], variant: Variant, lang: Lang, prefix: string): Promise<DialogCoverage> {
  const v = RULES_VARIANTS[variant];
  const found: DialogCoverage["found"] = {};
  if (!v) return { found };
  const wanted = v.actions.filter((a) => !NO_DIALOG.includes(a));
  for (const setup of SETUPS) {
    const t = await table(variant, lang);
    const cast = await setup.make(t, variant);
    // The acting creature's HUD palette here, with the other creature targeted.
    for (const role of ["player", "gm"] as const) {
      const c = cast[role];
      c.client.user.targets.clear();
      c.client.user.targets.add(c.to.object);
      await hud({ scenes: out, lang }, variant, c.client, role, `hud-${setup.name || "plain"}-targeting`, c.from);
      c.client.user.targets.clear();
    }
    for (const action of wanted) {
      for (const role of ["player", "gm"] as const) {
        const c = cast[role];
        const key = `${action}--${role}`;
        const got = (found[key] ??= {});
        const state = verdict(c, action);
        if (got[state] !== undefined) continue;
        got[state] = setup.name || "plain";
        const id = `${prefix}${variant}--dialog-${action}-${state}${setup.name ? `-${setup.name}` : ""}`;
        const shot = await openDialog(t, c, action);
        if ("error" in shot) out.push({ id, variant, kind: "notice", role, title: action, html: `<li class="notification error">${escape(shot.error)}</li>`, lang });
        else out.push({ id, variant, kind: "dialog", role, title: shot.title, html: shot.html, buttons: shot.buttons, lang, ...(shot.width ? { width: shot.width } : {}) });
      }
    }
    // In a fight, d12-holds' overbear declares for the round's end: its button says so.
    if (setup.name === "holding-in-fight" && (v.declarations ?? []).includes("overbear")) {
      const shot = await openDialog(t, cast.gm, "overbear");
      const id = `${prefix}${variant}--dialog-overbear-declare`;
      if ("error" in shot) out.push({ id, variant, kind: "notice", role: "gm", title: "overbear", html: `<li class="notification error">${escape(shot.error)}</li>`, lang });
      else out.push({ id, variant, kind: "dialog", role: "gm", title: shot.title, html: shot.html, buttons: shot.buttons, lang, ...(shot.width ? { width: shot.width } : {}) });
    }
  }
  // The HUD with the other creature targeted out of reach: the close attacks greyed with the reason.
  const far = await table(variant, lang);
  const cast = plain(far);
  for (const role of ["player", "gm"] as const) {
    const c = cast[role];
    const spot = { x: c.to.x, y: c.to.y };
    c.to.x = c.from.x + 1000;
    c.client.user.targets.clear();
    c.client.user.targets.add(c.to.object);
    await hud({ scenes: out, lang }, variant, c.client, role, "hud-out-of-reach-targeting", c.from);
    c.client.user.targets.clear();
    Object.assign(c.to, spot);
  }
  return { found };
}
