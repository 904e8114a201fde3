/**
 * The shell's side of the systems layer: a Foundry actor (and the token standing for it) as the
 * plain data src/systems reads, the host system chosen by `game.system.id`, the GM's overrides
 * on the actor, and where this actor's hit points and temporary damage live.
 */
import type { RulesVariant } from "../../rules/index.ts";
import type { ActorData, HitPointPaths, HostCondition, Reason, SourceKind, SystemDescriptor, SystemSettings, VariantKey } from "../../systems/index.ts";
import { NOT_ON_SHEETS, isVariantKey, readCreature, systemFor } from "../../systems/index.ts";
import { RulesInputError } from "../../rules/index.ts";
import { i18n, notify } from "../base/i18n.ts";
import { tabState } from "../base/tab.ts";
import { MODULE_ID } from "../base/constants.ts";

/** The host system's descriptor: its own for ARS, OSE, adnd2e and dnd5e, the generic one otherwise. */
export function hostSystem(): SystemDescriptor {
  const id = (game as { system?: { id?: string } }).system?.id ?? "";
  return systemFor(id);
}

/** The world settings a reading depends on: OSE's ascending AC (`ose.ascendingAC`). */
export function systemSettings(system: SystemDescriptor): SystemSettings {
  if (system.id !== "ose") return {};
  try {
    return { ascendingAC: (game.settings.get as (ns: string, key: string) => unknown)("ose", "ascendingAC") === true };
  } catch {
    return { ascendingAC: false };
  }
}

/** The host's own status id for one of our conditions (prone, unconscious, stunned, ...), if it has one. */
export function hostStatusId(condition: HostCondition, system: SystemDescriptor = hostSystem()): string | undefined {
  return system.hostStatuses[condition];
}

/**
 * The actor as plain data. The live `system` (with the system's derived values) is read in
 * place; the token's footprint stands for the prototype token's.
 */
export function actorData(actor: Actor.Implementation, token?: TokenDocument.Implementation | null): ActorData {
  const a = actor as unknown as { id?: string; name?: string; type?: string; system?: unknown; items?: Iterable<{ name?: string; type?: string; system?: unknown }>; prototypeToken?: { width?: number; height?: number } };
  const items = a.items ? [...a.items].map((i) => ({ name: i.name ?? "", type: i.type ?? "", system: i.system })) : [];
  const size = token ? { width: token.width, height: token.height } : a.prototypeToken ? { width: a.prototypeToken.width, height: a.prototypeToken.height } : undefined;
  return { _id: a.id, name: a.name, type: a.type, system: a.system ?? {}, items, ...(size ? { prototypeToken: size } : {}) };
}

/** The GM's own values for this variant on the actor (today's flags profile), by field. */
export function overridesOf(actor: Actor.Implementation, variantId: string): Record<string, unknown> {
  const all = actor.getFlag(MODULE_ID, "profile") ?? {};
  const mine = (all as Record<string, unknown>)[variantId];
  return mine && typeof mine === "object" && !Array.isArray(mine) ? { ...(mine as Record<string, unknown>) } : {};
}

export interface CreatureView {
  /** The profile the rules get (without id): the sheet's reading with the GM's values over it. */
  readonly profile: Record<string, unknown>;
  /** The sheet's reading alone (what clearing an override goes back to). */
  readonly read: Record<string, unknown>;
  readonly sources: Record<string, SourceKind>;
  readonly reasons: Record<string, Reason>;
  readonly overrides: Record<string, unknown>;
  readonly system: string;
}

function withoutId(p: Record<string, unknown>): Record<string, unknown> {
  const out = { ...p };
  delete out.id;
  return out;
}

/** The top-level profile fields a refusal names ("profile.strength.score" names strength). */
function fieldsNamed(e: RulesInputError, known: ReadonlySet<string>): string[] {
  return [...new Set(e.issues.map((i) => i.path.split(".")[1] ?? "").filter((f) => known.has(f)))];
}

/**
 * The GM's values over the sheet's reading, each one believed only if the rules can use it. The
 * profile flags are on the actor, which its player may write; a value no creature can have (a
 * Strength of "abc", a size of 40) is left out and the sheet's reading used for that field, and
 * the GM hears which creature and which field, once. Nobody else's action or round end stops for it.
 */
function withOverrides(variant: RulesVariant, id: string, read: { profile: Record<string, unknown>; sources: Record<string, SourceKind>; reasons: Record<string, Reason> }, overrides: Record<string, unknown>, name: string): { profile: Record<string, unknown>; sources: Record<string, SourceKind>; reasons: Record<string, Reason>; refused: string[] } {
  let kept = Object.fromEntries(Object.entries(overrides).filter(([f, v]) => f !== "id" && v !== undefined));
  const refused: string[] = [];
  for (let tries = 0; tries <= Object.keys(overrides).length; tries++) {
    const profile = { ...read.profile, ...kept };
    try {
      variant.validateProfile(id, profile, "profile");
      break;
    } catch (e) {
      if (!(e instanceof RulesInputError)) {
        // Data the rules' checks cannot even read: none of the GM's values is believed.
        for (const f of Object.keys(kept)) refused.push(f);
        warnOnce(name, "*", null);
        kept = {};
        break;
      }
      const bad = fieldsNamed(e, new Set(Object.keys(kept)));
      // What the rules refuse is not the GM's values but the sheet's: nothing to leave out here.
      if (bad.length === 0) break;
      for (const f of bad) {
        refused.push(f);
        warnOnce(name, f, e);
        delete kept[f];
      }
      kept = { ...kept };
    }
  }
  const sources = { ...read.sources };
  const reasons = { ...read.reasons };
  for (const f of Object.keys(kept)) {
    sources[f] = "override";
    delete reasons[f];
  }
  return { profile: { ...read.profile, ...kept }, sources, reasons, refused };
}

/** Once per creature and field in a tab: a player who edits their bad value again and again is not heard each time. */
function warnOnce(name: string, field: string, e: RulesInputError | null): void {
  if (!game.user?.isGM) return;
  const told = tabState("profile-warned", () => new Set<string>());
  const key = `${name}|${field}`;
  if (told.has(key)) return;
  told.add(key);
  if (!e) return notify("warn", "WC.Refuse.badProfileData", { name });
  const details = e.issues.filter((i) => i.path.split(".")[1] === field).map((i) => i18n.format(`WC.Error.${i.code}`, i.params ?? {})).join("; ");
  notify("warn", "WC.Refuse.badProfileValue", { name, field, details });
}

/** How a creature reads for a variant, with where each value came from: the sheet read once, the GM's values over it. */
export function creatureView(actor: Actor.Implementation, variant: RulesVariant, token?: TokenDocument.Implementation | null): CreatureView {
  const system = hostSystem();
  const overrides = overridesOf(actor, variant.id);
  const name = token?.name ?? actor.name ?? "?";
  if (!isVariantKey(variant.id)) {
    const read = variant.defaultProfile();
    const merged = withOverrides(variant, actor.id ?? "actor", { profile: { ...read, id: actor.id ?? "actor" }, sources: {}, reasons: {} }, overrides, name);
    return { profile: withoutId(merged.profile), read, sources: merged.sources, reasons: merged.reasons, overrides, system: system.id };
  }
  const key: VariantKey = variant.id;
  const data = actorData(actor, token);
  const read = readCreature(data, { system, variant: key, settings: systemSettings(system) });
  const merged = withOverrides(variant, String(read.profile.id ?? actor.id ?? "actor"), read, overrides, name);
  return { profile: withoutId(merged.profile), read: withoutId(read.profile), sources: merged.sources, reasons: merged.reasons, overrides, system: system.id };
}

/** The values filled in rather than read (leaving out those no system keeps), for the action dialog. */
export function filledIn(view: CreatureView): Array<{ field: string; reason: Reason }> {
  return Object.entries(view.sources)
    .filter(([field, s]) => s === "default" && view.reasons[field] && view.reasons[field]?.key !== NOT_ON_SHEETS)
    .map(([field]) => ({ field, reason: view.reasons[field] as Reason }));
}

// Unset: empty (the settings' default), or the fixed paths the settings had as defaults before
// they were empty, which a world may still hold. Either way the system's own paths are used.
const UNSET_HP = new Set(["", "system.attributes.hp.value"]);
const UNSET_HP_MAX = new Set(["", "system.attributes.hp.max"]);

/**
 * Where this actor keeps hit points and temporary damage: the GM's paths from the settings when
 * set (for a system the module does not know, or another field), otherwise the host system's.
 */
export function hitPointPaths(actor: Actor.Implementation): HitPointPaths {
  const own = hostSystem().hitPoints(typeof (actor as { type?: unknown }).type === "string" ? (actor as unknown as { type: string }).type : "");
  const value = String(game.settings.get(MODULE_ID, "hpPath") ?? "").trim();
  const max = String(game.settings.get(MODULE_ID, "hpMaxPath") ?? "").trim();
  return { value: UNSET_HP.has(value) ? own.value : value, max: UNSET_HP_MAX.has(max) ? own.max : max, temporary: own.temporary };
}
