/**
 * The shapes the systems layer works in: an actor as plain data (what Foundry's Export Data
 * writes, or a live actor's fields), the facts read from it with where each came from, and a
 * system's descriptor (its paths, where hit points live, its own status ids).
 */
import type { Size } from "../rules/core/size.ts";
import type { Strength } from "../rules/core/strength.ts";

/** An actor as Foundry's Export Data gives it (only what the layer reads; anything may be missing). */
export interface ActorData {
  readonly _id?: unknown;
  readonly name?: unknown;
  readonly type?: unknown;
  readonly system?: unknown;
  readonly items?: unknown;
  readonly prototypeToken?: unknown;
  readonly _stats?: unknown;
  /** The actor's own active effects (an export has them; a live actor has applied them). */
  readonly effects?: unknown;
}

/** Where a profile value came from: the system's sheet, a filled-in default, or the GM's own value. */
export type SourceKind = "sheet" | "default" | "override";

/** Why a value is what it is: an i18n key (WC.Fill.*) and its parameters, in our own words. */
export interface Reason {
  readonly key: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

/** One value read from an actor, or filled in when the sheet lacks it. */
export interface Fact<T> {
  readonly value: T;
  readonly source: "sheet" | "default";
  /** Always present for a default; for a sheet value, how it was worked out when not read as is. */
  readonly reason?: Reason;
}

export const ARMOR_KINDS = ["none", "padded", "leather", "studded", "ring", "scale", "chain", "splint", "banded", "plate"] as const;
export type ArmorKind = (typeof ARMOR_KINDS)[number];

export const INTELLIGENCE_BANDS = ["non", "animal", "semi", "low", "average", "very", "high", "exceptional", "genius", "supra", "godlike"] as const;
export type IntelligenceBand = (typeof INTELLIGENCE_BANDS)[number];

export const CLASS_GROUPS = ["fighter", "cleric", "thief", "magicUser"] as const;
export type ClassGroupId = (typeof CLASS_GROUPS)[number];

/** Worn body armour: its kind, magic plus, and Armor Defense (descending base AC without magic). */
export interface ArmorFact {
  readonly kind: ArmorKind;
  readonly plus: number;
  readonly ad: number;
}

/** A natural attack read from a stat block: "1d8", "2d4+1". */
export interface DamageDice {
  readonly count: number;
  readonly sides: number;
  readonly bonus: number;
  /** A weapon the creature wields (club, sword), or its own body (bite, claw). */
  readonly kind?: "natural" | "weapon";
}

export interface HitDiceFact {
  readonly dice: number;
  readonly adjustment: number;
}

/**
 * Everything the variants ask of a creature, in the variants' common terms (descending AC,
 * movement in inches, height in inches, weight in pounds), each with its source.
 */
export interface CreatureFacts {
  readonly name: string;
  readonly kind: Fact<"character" | "monster">;
  readonly playerCharacter: Fact<boolean>;
  readonly size: Fact<Size>;
  /** null: the system gives this creature no Strength (most monsters). */
  readonly strength: Fact<Strength | null>;
  readonly dexterity: Fact<number>;
  /** The Dex AC adjustment as the AD&D table prints it: negative is better. */
  readonly dexAcAdjustment: Fact<number>;
  readonly armor: Fact<ArmorFact | null>;
  readonly shield: Fact<{ readonly plus: number } | null>;
  readonly helmet: Fact<boolean>;
  /** Pluses of rings, cloaks and other worn magic that improves AC (not armour or shield). */
  readonly magicProtection: Fact<number>;
  /** Ordinary frontal AC, descending (10 is unarmoured), Dex and shield included. */
  readonly ac: Fact<number>;
  /** Monsters: the body's own AC when it wears no armour (descending). */
  readonly naturalAc: Fact<number | null>;
  /** Land movement in inches (12 for a man). */
  readonly movement: Fact<number>;
  readonly flight: Fact<"none" | "wings" | "magic">;
  readonly heightIn: Fact<number>;
  readonly weightLb: Fact<number>;
  /** Characters: level (the highest class level). */
  readonly level: Fact<number>;
  readonly classGroup: Fact<ClassGroupId>;
  /**
   * Characters with more than one class: each class's group and level, in the sheet's order
   * (empty for one class). Which column a multi-class uses is the rules' call (004, option
   * `multiClassColumn`), not the reader's.
   */
  readonly classes: Fact<ReadonlyArray<{ readonly group: ClassGroupId; readonly level: number }>>;
  readonly monkLevel: Fact<number>;
  readonly hitDice: Fact<HitDiceFact>;
  readonly attacksPerRound: Fact<number>;
  readonly naturalAttack: Fact<DamageDice | null>;
  readonly thac0: Fact<number>;
  readonly intelligence: Fact<IntelligenceBand>;
  readonly saveVsBreath: Fact<number>;
  readonly arms: Fact<number>;
  readonly legs: Fact<number>;
  /**
   * The farthest, in feet, an attack of this creature that may take hold reaches (a reach
   * weapon, a natural attack with reach); 0 where it has none, and holds are taken beside it.
   */
  readonly holdReach: Fact<number>;
}

/** Where a system keeps hit points (dotted paths from the actor), and temporary damage if it has a place for it. */
export interface HitPointPaths {
  readonly value: string;
  readonly max: string;
  /** null: the system has no field for it, so the module keeps it in its own flags. */
  readonly temporary: string | null;
}

/** The host conditions the module sets or reads, by our name. */
export const HOST_CONDITIONS = ["prone", "unconscious", "stunned", "paralyzed", "restrained", "grappled", "held", "grappling", "entangled", "blinded", "invisible", "incapacitated", "dead"] as const;
export type HostCondition = (typeof HOST_CONDITIONS)[number];

/** A system's own status ids (CONFIG.statusEffects ids) for our conditions; a missing one the system lacks. */
export type HostStatuses = Readonly<Partial<Record<HostCondition, string>>>;

/** World settings a system's reading depends on (OSE's ascending AC), and which shape the data has. */
export interface SystemSettings {
  /** OSE: the world's `ose.ascendingAC` setting. */
  readonly ascendingAC?: boolean;
  /**
   * The data is a prepared actor (a live document: the system's derived values in place) rather
   * than what Export Data writes (source data only). Left out, data that carries Foundry's
   * `_stats` (as every export does) is read as an export, anything else as prepared.
   */
  readonly prepared?: boolean;
}

export interface SystemDescriptor {
  /** The id this layer knows it by: "ars", "ose", "adnd2e", "dnd5e", "generic". */
  readonly id: string;
  /** The `game.system.id` values it serves. */
  readonly systemIds: readonly string[];
  readonly label: string;
  /** The public source its paths were read from (repository @ commit). */
  readonly source: string;
  /** Data paths read, by what they hold (documentation and tests; each reader uses these). */
  readonly paths: Readonly<Record<string, string>>;
  /** Where hit points and temporary damage live, by actor type. */
  hitPoints(actorType: string): HitPointPaths;
  readonly hostStatuses: HostStatuses;
  /** Reads the facts; never throws on odd data (each unreadable value becomes a default with a reason). */
  facts(actor: ActorData, settings: SystemSettings): CreatureFacts;
}
