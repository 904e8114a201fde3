/**
 * One evening of play through the fake: the world a seed makes (Foundry version and build, the
 * game system, the unknown server behaviours, the automation setting, the creatures and who owns
 * them), the tabs open on it (two for the GM, one per player), and the moves that change who is
 * connected. Everything here is drawn from the evening's seed, so the same seed builds the same
 * world, with the same document ids, again.
 */
import type { VariantId } from "../../src/foundry/base/types.ts";
import { RULES_VARIANTS } from "../../src/rules/index.ts";
import type { RulesVariant } from "../../src/rules/index.ts";
import type { FakeSystem } from "../fake-foundry/systems.ts";
import { ADND2E_LIKE, dnd5eLike, GENERIC, OSE_LIKE } from "../fake-foundry/systems.ts";
import type { FakeClient, FakeCombat, FakeToken, FakeUser } from "../fake-foundry/world.ts";
import { FakeChatMessage, FakeWorld, getProperty, ROLES } from "../fake-foundry/world.ts";
import { Prng, seedFrom } from "./prng.ts";
import type * as Shell from "./shell.ts";

export const M = "weaponless-combat";

/** What a tab loads: its own copy of the module (test/chaos/shell.ts). */
export type ShellCopy = typeof Shell;
/** Loads a fresh copy of the module for the `slot`-th tab opened in an evening. */
export type ShellLoader = (slot: number) => Promise<ShellCopy>;

export type SystemKind = "generic" | "dnd5e-refuse" | "dnd5e-clamp" | "dnd5e-refuse-noschema" | "ose" | "adnd2e";

export interface CreatureSpec {
  readonly name: string;
  /** The player (by index) who owns it; null: the GM's. */
  readonly owner: number | null;
  readonly linked: boolean;
  readonly hp: number;
  readonly x: number;
  readonly y: number;
  readonly disposition: number;
  readonly profile: Record<string, unknown>;
  readonly inCombat: boolean;
}

export interface EveningConfig {
  readonly seed: number;
  readonly variant: VariantId;
  readonly generation: 13 | 14;
  readonly build: number;
  readonly system: SystemKind;
  readonly batchRefusal: "all" | "partial";
  readonly batchSyntheticParents: boolean;
  readonly automation: "automatic" | "confirm" | "manual";
  /** Chance that one hook delivery to one tab is dropped, or delivered twice (fault injection). */
  readonly drop: number;
  readonly duplicate: number;
  readonly players: number;
  readonly creatures: readonly CreatureSpec[];
  /**
   * Issue 33 (finding 17): a second GM user, an assistant, in a browser of their own (no Web Lock
   * shared with the GM's two tabs), acting while the GM does. Absent in reproductions saved before.
   */
  readonly assistant?: boolean;
}

const NAMES = ["Aldric", "Brenna", "Corwin", "Dagny", "Eamon", "Fenna", "Gorm", "Hilde", "Ivo", "Jorun", "Kesh", "Liska"];

/**
 * A profile for the variant: its ordinary one with a few fields moved (size, strength, speed,
 * armour, ...), each kept only where the core accepts the result.
 */
function randomProfile(variant: RulesVariant, rng: Prng): Record<string, unknown> {
  let profile = variant.defaultProfile();
  const fields = variant.profileFields.filter((f) => f.kind !== "multi");
  for (let i = rng.int(2, 6); i > 0; i--) {
    const f = rng.pick(fields);
    let value: unknown;
    if (f.kind === "bool") value = rng.chance(0.3);
    else if (f.kind === "choice") value = rng.pick(f.choices);
    else {
      const now = getProperty(profile, f.path);
      const centre = typeof now === "number" ? now : Math.max(f.min, Math.min(f.max, 0));
      const spread = Math.max(1, Math.min(6, Math.round((f.max - f.min) / 10)));
      value = Math.max(f.min, Math.min(f.max, centre + rng.int(-spread, spread)));
    }
    const next = structuredClone(profile);
    const keys = f.path.split(".");
    let o = next as Record<string, unknown>;
    for (const k of keys.slice(0, -1)) {
      if (typeof o[k] !== "object" || o[k] === null) o[k] = {};
      o = o[k] as Record<string, unknown>;
    }
    o[keys[keys.length - 1] as string] = value;
    try {
      variant.validateProfile("check", next, "profile");
      profile = next;
    } catch {
      // The core refuses this combination: keep the profile as it was.
    }
  }
  return profile;
}

/** The world an evening's seed makes. */
export function eveningConfig(seed: number, variant: VariantId): EveningConfig {
  const rng = new Prng(seedFrom("config", seed));
  const v = RULES_VARIANTS[variant];
  if (!v) throw new Error(`chaos: no variant ${variant}`);
  const generation = rng.chance(0.5) ? 13 : 14;
  const build = generation === 13 ? 351 : rng.pick([360, 363]);
  const players = rng.int(2, 3);
  const count = rng.int(5, 8);
  const creatures: CreatureSpec[] = [];
  for (let i = 0; i < count; i++) {
    // The first ones are the players' (each has one or two); the rest the GM's.
    const owner = i < players ? i : i < players * 2 && rng.chance(0.4) ? i - players : null;
    creatures.push({
      name: `${NAMES[i % NAMES.length] as string}${owner === null ? " (GM)" : ""}`,
      owner,
      linked: owner !== null ? rng.chance(0.8) : rng.chance(0.3),
      hp: rng.int(6, 40),
      x: rng.int(0, 4) * 100,
      y: rng.int(0, 2) * 100,
      disposition: owner === null ? -1 : 1,
      profile: randomProfile(v, rng),
      inCombat: rng.chance(0.85),
    });
  }
  const faulty = rng.chance(0.4);
  const config: EveningConfig = {
    seed,
    variant,
    generation,
    build,
    system: rng.weighted<SystemKind>([["generic", 3], ["dnd5e-refuse", 2], ["dnd5e-clamp", 1], ["dnd5e-refuse-noschema", 1], ["ose", 2], ["adnd2e", 1]]),
    batchRefusal: rng.chance(0.5) ? "all" : "partial",
    batchSyntheticParents: rng.chance(0.7),
    automation: rng.weighted([["automatic", 6], ["confirm", 3], ["manual", 1]] as const),
    drop: faulty ? rng.pick([0.002, 0.01, 0.05]) : 0,
    duplicate: faulty ? rng.pick([0.005, 0.02]) : 0,
    players,
    creatures,
  };
  // Drawn last, so the worlds of seeds run before the assistant came keep their other draws.
  return { ...config, assistant: rng.chance(0.5) };
}

function fakeSystem(kind: SystemKind): FakeSystem {
  switch (kind) {
    case "generic":
      return GENERIC;
    case "dnd5e-refuse":
      return dnd5eLike("refuse", true);
    case "dnd5e-clamp":
      return dnd5eLike("clamp", false);
    case "dnd5e-refuse-noschema":
      return dnd5eLike("refuse", false);
    case "ose":
      return OSE_LIKE;
    case "adnd2e":
      return ADND2E_LIKE;
  }
}

export interface Tab {
  readonly client: FakeClient;
  readonly user: FakeUser;
  readonly shell: ShellCopy;
  /** "gmA", "gmB" (the GM's two tabs), "gmC" (the assistant GM's), or "p<n>" for player n. */
  readonly label: string;
}

/** A place a tab can stand in: the GM's two, and one per player. */
export type TabSlot = "gmA" | "gmB" | "gmC" | `p${number}`;

/** Every GM's tab slot: the GM's two, the assistant's. */
export const GM_SLOTS = ["gmA", "gmB", "gmC"] as const;

export class Evening {
  readonly world: FakeWorld;
  readonly gm: FakeUser;
  /** The assistant GM (issue 33, finding 17), when the evening has one. */
  readonly assistant: FakeUser | null;
  readonly players: FakeUser[] = [];
  readonly tokens: FakeToken[] = [];
  readonly combats: FakeCombat[] = [];
  readonly tabs = new Map<TabSlot, Tab>();
  /** Where hit points live on this system's actors, and the lowest value it allows (null: none). */
  readonly hpPath: string;
  readonly hpMaxPath: string;
  readonly floor: number | null;
  /** Tabs that missed a delivery during the current step (they reload at its end). */
  readonly missed = new Set<FakeClient>();
  /** Hooks a GM's tab missed during the current step. */
  readonly droppedHooks = new Set<string>();
  /** Chat messages whose creation a GM's tab missed, all evening (a tab cannot count what it never received). */
  readonly createsMissedByGM = new Set<string>();
  /** Request cards seen (their author and flags), for players who copy them. */
  readonly seenRequests: Array<{ author: string; request: unknown }> = [];
  /** Question cards that were answered (gone), with an answer they took, for stale answers. */
  readonly answeredStrikes: Array<{ id: string; intent: unknown; choice: string }> = [];
  /** Each card's content as first seen: a tab that has not redrawn it still shows those buttons. */
  readonly firstRender = new Map<string, string>();
  private readonly strikesSeen = new Map<string, { intent: unknown; choice: string }>();
  private slots = 0;
  /** Tabs opened after the evening began (reloads, the GM coming back). */
  reopened = 0;
  private opened = false;
  private readonly spare: ShellCopy[] = [];
  private readonly faults: Prng;
  readonly dice: Prng;

  private constructor(
    readonly config: EveningConfig,
    private readonly load: ShellLoader,
  ) {
    this.faults = new Prng(seedFrom("faults", config.seed));
    this.dice = new Prng(seedFrom("dice", config.seed));
    const { drop, duplicate } = config;
    this.world = new FakeWorld({
      generation: config.generation,
      build: config.build,
      system: fakeSystem(config.system),
      batchRefusal: config.batchRefusal,
      batchSyntheticParents: config.batchSyntheticParents,
      latency: "all",
      idSeed: config.seed,
      ...(drop > 0 || duplicate > 0
        ? {
            delivery: (hook: string, client: FakeClient, document?: unknown) => {
              if (this.faults.chance(drop)) {
                this.missed.add(client);
                if (client.user.isGM) this.droppedHooks.add(hook);
                if (client.user.isGM && hook === "createChatMessage" && document instanceof FakeChatMessage) this.createsMissedByGM.add(document.id);
                return 0;
              }
              return this.faults.chance(duplicate) ? 2 : 1;
            },
          }
        : {}),
    });
    this.world.fallbackFace = (sides) => this.dice.int(1, sides);
    this.gm = this.world.addUser("Gamemaster", true);
    for (let i = 0; i < config.players; i++) this.players.push(this.world.addUser(`Player ${i + 1}`, false));
    this.assistant = config.assistant === true ? this.world.addUser("Assistant", true, ROLES.ASSISTANT) : null;
    const ose = config.system === "ose";
    this.hpPath = ose ? "system.hp.value" : "system.attributes.hp.value";
    this.hpMaxPath = ose ? "system.hp.max" : "system.attributes.hp.max";
    this.floor = config.system.startsWith("dnd5e") ? 0 : null;
  }

  /** Builds the evening's world and opens its tabs; the GM has set the module up. */
  static async open(config: EveningConfig, load: ShellLoader): Promise<Evening> {
    const ev = new Evening(config, load);
    await ev.prepare(2 + config.players + (config.assistant === true ? 1 : 0));
    const gmA = ev.openTab("gmA");
    const set = (key: string, value: unknown) => gmA.client.run(() => game.settings.set(M, key as never, value as never));
    await set("variant", config.variant);
    await set("automation", config.automation);
    if (config.system === "ose") {
      await set("hpPath", ev.hpPath);
      await set("hpMaxPath", ev.hpMaxPath);
    }
    const w = ev.world;
    const scene = w.addScene();
    const ose = config.system === "ose";
    for (const c of config.creatures) {
      const hp = { value: c.hp, max: c.hp };
      const ownership = c.owner === null ? {} : { [(ev.players[c.owner] as FakeUser).id]: 3 };
      const actor = w.addActor(c.name, ose ? { hp } : { attributes: { hp } }, ownership, { type: c.owner === null ? "npc" : "character" });
      actor.flags[M] = { profile: { [config.variant]: structuredClone(c.profile) } };
      ev.tokens.push(w.addToken(scene, actor, { linked: c.linked, x: c.x, y: c.y, disposition: c.disposition }));
    }
    const fighting = ev.tokens.filter((_, i) => config.creatures[i]?.inCombat);
    if (fighting.length >= 2) ev.combats.push(w.addCombat(fighting, 1));
    ev.openTab("gmB");
    if (ev.assistant) ev.openTab("gmC");
    for (let i = 0; i < config.players; i++) ev.openTab(`p${i}`);
    ev.opened = true;
    await ev.quiesce();
    return ev;
  }

  userOf(slot: TabSlot): FakeUser {
    if (slot === "gmA" || slot === "gmB") return this.gm;
    if (slot === "gmC") return this.assistant ?? this.gm;
    return this.players[Number(slot.slice(1))] as FakeUser;
  }

  /**
   * Loads copies of the module ahead, while the world is idle: loading takes real time, and a
   * tab that opened after a load in the middle of a step would open at a moment the seed does
   * not decide. Every step starts with three ready (the GM coming back opens up to three).
   */
  async prepare(n = 3): Promise<void> {
    while (this.spare.length < n) this.spare.push(await this.load(this.slots++));
  }

  /** Opens a tab in `slot`: a fresh copy of the module (one made ready), as a page load has. */
  openTab(slot: TabSlot): Tab {
    const shell = this.spare.shift();
    if (!shell) throw new Error("chaos: no copy of the module was made ready for this tab");
    const user = this.userOf(slot);
    const client = this.world.connect(user, () => shell.registerHooks());
    const tab = { client, user, shell, label: slot };
    if (this.tabs.size >= 2 + this.config.players + (this.assistant ? 1 : 0) || this.opened) this.reopened++;
    this.tabs.set(slot, tab);
    return tab;
  }

  /** Closes the tab in `slot`: what it still had on its way is never answered. */
  closeTab(slot: TabSlot, inFlight: "lost" | "applied" = "lost"): void {
    const tab = this.tabs.get(slot);
    if (!tab) return;
    this.tabs.delete(slot);
    this.world.disconnect(tab.client, inFlight);
  }

  /** The tabs the GMs have open (the assistant's too). */
  gmTabs(): Tab[] {
    return GM_SLOTS.map((s) => this.tabs.get(s)).filter((t): t is Tab => t !== undefined);
  }

  /** Every GM user's id: whom a request card is whispered to (the active GM may be the assistant). */
  gmIds(): string[] {
    return [this.gm.id, ...(this.assistant ? [this.assistant.id] : [])];
  }

  slotOf(client: FakeClient): TabSlot | undefined {
    for (const [slot, tab] of this.tabs) if (tab.client === client) return slot;
    return undefined;
  }

  /** Notes what the chat log shows now: new cards, new requests, questions answered. */
  observe(): void {
    for (const m of this.world.messages) {
      if (!this.firstRender.has(m.id)) {
        this.firstRender.set(m.id, m.content);
        const request = m.getFlag(M, "request");
        if (request) this.seenRequests.push({ author: m.author.id, request });
      }
      const strike = m.getFlag(M, "strike") as { intent: unknown; choices: string[] } | undefined;
      if (strike && !this.strikesSeen.has(m.id)) this.strikesSeen.set(m.id, { intent: strike.intent, choice: strike.choices[0] ?? "" });
    }
    for (const [id, s] of this.strikesSeen) {
      if (this.world.messages.has(id)) continue;
      this.strikesSeen.delete(id);
      this.answeredStrikes.push({ id, ...s });
    }
  }

  /** Waits until nothing sent is still on its way (work that never ends is an error). */
  async quiesce(limit = 50_000): Promise<void> {
    let idle = 0;
    for (let i = 0; i < limit; i++) {
      await new Promise((r) => setImmediate(r));
      if (this.world.waiting === 0) {
        if (++idle >= 3) return;
      } else idle = 0;
    }
    throw new Error("chaos: the world did not settle (work that never ends)");
  }
}
