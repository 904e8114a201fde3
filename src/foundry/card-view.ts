/**
 * The chat card's view: plain strings and numbers for the template, built from the stored
 * result. The trace is read generically from the core's result shapes (a die with modifiers
 * and a total; lists of damage dice; a damage split), which every variant shares.
 */
import type { Modifier } from "../rules/index.ts";
import type { StoredCard } from "./types.ts";

export interface I18n {
  localize(key: string): string;
  format(key: string, data: Record<string, string | number>): string;
}

export interface RollView {
  readonly label: string;
  readonly formula: string;
  readonly face: number;
  readonly modifiers: ReadonlyArray<{ readonly label: string; readonly value: string }>;
  readonly total?: number;
  readonly against?: string;
}

export interface CardView {
  readonly title: string;
  readonly headline: string;
  readonly subtitle: string;
  readonly rolls: RollView[];
  readonly damage: ReadonlyArray<{ readonly label: string; readonly text: string }>;
  readonly effects: string[];
  readonly state: StoredCard["state"];
  readonly stateLabel: string;
  readonly buttons: ReadonlyArray<{ readonly action: string; readonly label: string; readonly gmOnly: boolean }>;
  readonly requestId: string;
  /** Roll details come from an NPC's numbers and may be hidden from players. */
  readonly npcDetails: boolean;
  /** Set when a table the module made (the source prints none) decided the result. */
  readonly projectTable: string;
}

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const isDie = (v: unknown): v is { purpose: string; sides: number; face: number } => isObj(v) && typeof v.purpose === "string" && typeof v.sides === "number" && typeof v.face === "number";
const isMod = (v: unknown): v is Modifier => isObj(v) && typeof v.key === "string" && typeof v.value === "number";
const isSplit = (v: unknown): v is { total: number; actual: number; temporary: number } => isObj(v) && typeof v.total === "number" && typeof v.actual === "number" && typeof v.temporary === "number";

function text(i18n: I18n, key: string, params?: Readonly<Record<string, string | number>>): string {
  return params ? i18n.format(key, { ...params }) : i18n.localize(key);
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

/** Walks a result and collects every roll, damage split and list of damage dice, in order. */
export function traceOf(result: unknown, i18n: I18n): { rolls: RollView[]; damage: Array<{ label: string; text: string }> } {
  const rolls: RollView[] = [];
  const damage: Array<{ label: string; text: string }> = [];
  const seen = new Set<unknown>();
  const walk = (v: unknown, key: string): void => {
    if (seen.has(v)) return;
    if (Array.isArray(v)) {
      if (v.length > 0 && v.every(isDie)) {
        seen.add(v);
        const purpose = v[0]?.purpose ?? "dice";
        rolls.push({ label: i18n.localize(`WC.Purpose.${purpose}`), formula: `${v.length}d${v[0]?.sides ?? 0}`, face: v.reduce((s, d) => s + d.face, 0), modifiers: [] });
        return;
      }
      for (const x of v) walk(x, key);
      return;
    }
    if (!isObj(v)) return;
    seen.add(v);
    if (isDie(v.die)) {
      const mods = Array.isArray(v.modifiers) ? v.modifiers.filter(isMod) : [];
      const total = typeof v.total === "number" ? v.total : typeof v.adjusted === "number" ? v.adjusted : undefined;
      const against = typeof v.needed === "number" ? i18n.format("WC.Card.needs", { n: v.needed }) : typeof v.target === "number" ? i18n.format("WC.Card.needs", { n: v.target }) : typeof v.chance === "number" ? i18n.format("WC.Card.chance", { n: v.chance }) : undefined;
      const sizeAdj = typeof v.sizeAdjustment === "number" && v.sizeAdjustment !== 0 ? [{ label: i18n.localize("WC.Mod.holdSize"), value: signed(v.sizeAdjustment) }] : [];
      rolls.push({
        label: i18n.localize(`WC.Purpose.${v.die.purpose}`),
        formula: `1d${v.die.sides}`,
        face: v.die.face,
        modifiers: [...mods.map((m) => ({ label: text(i18n, m.key, m.params), value: signed(m.value) })), ...sizeAdj],
        ...(total !== undefined ? { total } : {}),
        ...(against !== undefined ? { against } : {}),
      });
      seen.add(v.die);
    } else if (isDie(v)) {
      rolls.push({ label: i18n.localize(`WC.Purpose.${v.purpose}`), formula: `1d${v.sides}`, face: v.face, modifiers: [] });
    }
    if (isSplit(v) && key !== "total") {
      damage.push({ label: i18n.localize("WC.Card.damage"), text: i18n.format("WC.Card.split", { total: v.total, actual: v.actual, temporary: v.temporary }) });
    }
    for (const [k, x] of Object.entries(v)) if (k !== "die") walk(x, k);
  };
  walk(result, "");
  return { rolls, damage };
}

export function cardView(card: StoredCard, i18n: I18n): CardView {
  const { rolls, damage } = traceOf(card.resolution.result, i18n);
  const c = card.consequences;
  const names: Record<string, string> = { ...card.otherNames, [card.intent.attackerUuid]: card.attackerName, [card.intent.defenderUuid]: card.defenderName };
  const nameOf = (id: string): string => names[id] ?? card.attackerName;
  const effects: string[] = [];
  for (const h of c.holdsAdded) effects.push(i18n.format("WC.Card.holdMade", { part: i18n.localize(h.label) }));
  if (c.holdsRemoved.length > 0) effects.push(i18n.format("WC.Card.holdsEnded", { n: c.holdsRemoved.length }));
  for (const d of c.damage) if (d.actual !== 0 || d.temporary !== 0) effects.push(i18n.format("WC.Card.damageTo", { actual: d.actual, temporary: d.temporary, name: nameOf(d.targetId) }));
  for (const x of c.conditions) effects.push(i18n.format(x.active ? "WC.Card.conditionOn" : "WC.Card.conditionOff", { condition: i18n.localize(`WC.Condition.${x.condition}`), name: nameOf(x.targetId) }));
  for (const n of c.notes) effects.push(i18n.localize(n.key));
  const buttons: Array<{ action: string; label: string; gmOnly: boolean }> = [];
  if (card.state === "pending") buttons.push({ action: "apply", label: i18n.localize("WC.Card.apply"), gmOnly: true });
  if (card.state === "applied") buttons.push({ action: "undo", label: i18n.localize("WC.Card.undo"), gmOnly: true });
  buttons.push({ action: "ledger", label: i18n.localize("WC.Ledger.open"), gmOnly: true });
  if (c.holdsAdded.length > 0 && card.state === "applied") {
    buttons.push({ action: "breakFree", label: i18n.localize("WC.Action.breakFree"), gmOnly: false });
    buttons.push({ action: "release", label: i18n.localize("WC.Action.release"), gmOnly: false });
    buttons.push({ action: "overbear", label: i18n.localize("WC.Card.declareOverbear"), gmOnly: false });
  }
  return {
    title: i18n.localize(`WC.Action.${card.resolution.action}`),
    headline: text(i18n, card.resolution.headline.key, card.resolution.headline.params ? localizeParams(withNames(card.resolution.headline.params, names), i18n) : undefined),
    subtitle: i18n.format("WC.Card.versus", { attacker: card.attackerName, defender: card.defenderName }),
    rolls,
    damage,
    effects,
    state: card.state,
    stateLabel: i18n.localize(`WC.Card.state.${card.state}`),
    buttons,
    requestId: card.requestId,
    npcDetails: card.defenderIsNpc === true,
    projectTable: (card.projectTables ?? []).length > 0 ? i18n.localize("WC.Source.projectDefault") : "",
  };
}

/** A parameter naming a creature by its id (`who`) reads as its name. */
function withNames(params: Readonly<Record<string, string | number>>, names: Readonly<Record<string, string>>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) out[k] = typeof v === "string" && Object.hasOwn(names, v) ? (names[v] as string) : v;
  return out;
}

/**
 * Parameters can be keys themselves: a full key ("WC.Hold.bearHug") is translated, and a bare
 * `part` ("arm") reads as WC.Part.arm.
 */
export function localizeParams(params: Readonly<Record<string, string | number>>, i18n: I18n): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) {
    if (typeof v === "string" && v.startsWith("WC.")) out[k] = i18n.localize(v);
    else if (k === "part" && typeof v === "string") out[k] = i18n.localize(`WC.Part.${v}`);
    else out[k] = v;
  }
  return out;
}
