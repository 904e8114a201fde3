/**
 * The chat cards' views: plain strings and numbers for the templates, built from the stored
 * result. The trace is read generically from the core's result shapes, which every variant
 * shares: a die with its modifiers, total and target (or the terms of a chance); a damage roll
 * (dice or a table's figure, modifiers, a size multiplier, a total); the consequences; and the
 * variant's "what happens next" lines.
 *
 * Numbers that come from a creature's statistics carry `secret`: the token uuids whose owners'
 * numbers they are. The client hides them from players when one of those is the GM's creature
 * (hooks/chat.ts); a total is as secret as its most secret modifier, so no sum can be worked back.
 */
import type { Headline, Modifier, NextLine, RulesVariant, ShellAction } from "../../rules/index.ts";
import { isRefusalKey, REFUSED_PLAIN_KEY, RULES_VARIANTS } from "../../rules/index.ts";
import type { Pair } from "./secrets.ts";
import { modifierSecret, ROUND_NUMBER_OWNERS, sumSecret, targetSecret, unionSecret } from "./secrets.ts";
import type { StoredCard } from "../base/types.ts";
import type { I18n } from "../base/text.ts";
import { damagePhrase, formatLine, has, localizeFormula, signed } from "../base/text.ts";


export interface ModView {
  readonly label: string;
  readonly value: string;
  /** Space-separated token uuids whose numbers this is; "" when anyone may see it. */
  readonly secret: string;
}

export interface RollView {
  readonly kind: "roll" | "damage";
  readonly label: string;
  readonly formula: string;
  readonly face: number;
  readonly modifiers: readonly ModView[];
  /** What the target number is made of (percentile's chance), when the trace says. */
  readonly terms: readonly ModView[];
  readonly hasTotal: boolean;
  /** What the modifiers add to the die, signed ("+999"), shown before the total so it explains itself. */
  readonly added: string;
  readonly total: number;
  readonly totalSecret: string;
  readonly against: string;
  readonly againstSecret: string;
  /** The secrets of everything hidden in this roll: the "GM's numbers" note shows when they are. */
  readonly hiddenNote: string;
  readonly outcome: { readonly label: string; readonly tone: "good" | "bad" } | null;
  /** The table row the roll reached ("Body", "category 6: Stranglehold"), when it reads a table. */
  readonly row: string;
  /** Whether the roll has a closing line (total, row, target, outcome). */
  readonly hasFoot: boolean;
  /** Whether it has lines to fold away (its modifiers, the terms of its chance): shown on a click. */
  readonly hasDetail: boolean;
}

export interface LineView {
  readonly text: string;
  readonly numbers: string;
  readonly secret: string;
}

export interface ButtonView {
  readonly action: string;
  readonly label: string;
}

/** A button for what a creature may do next: shown only to whom it serves, while the hold exists. */
export interface FollowUpView {
  readonly action: ShellAction;
  readonly label: string;
  readonly actor: string;
  readonly target: string;
  readonly holder: string;
  readonly held: string;
  readonly hold: string;
}

export interface CardView {
  readonly title: string;
  readonly headline: string;
  readonly tone: "done" | "none";
  readonly subtitle: string;
  readonly rolls: RollView[];
  readonly effects: string[];
  readonly next: LineView[];
  readonly nextLabel: string;
  readonly hiddenLabel: string;
  readonly state: StoredCard["state"];
  readonly stateLabel: string;
  readonly buttons: ButtonView[];
  /** The name of the GM's own row of buttons (Apply, Undo, the damage's correction). */
  readonly gmLabel: string;
  readonly followUps: FollowUpView[];
  /** What the card declared for the round end, as its state ("Overbear declared"): said once, no button to declare it again. */
  readonly declaredTags: string[];
  readonly requestId: string;
  /** Set when a table the module made (the source prints none) decided the result: the mark's tooltip. */
  readonly projectTable: string;
  /** The mark's own few words. */
  readonly projectMark: string;
  /** The rule set the card was played by: its name on the tag, its name and source in the tooltip. */
  readonly rules: string;
  readonly rulesTitle: string;
  /** Set when the GM carried the action out over the one check's refusal: "GM's call: <reason>". */
  readonly gmCall: string;
}

/** A rule set's name for a card's tag, and its name with its source for the tag's tooltip. */
export function rulesTag(variant: string, i18n: I18n): { rules: string; rulesTitle: string } {
  return { rules: i18n.localize(`WC.VariantName.${variant}`), rulesTitle: i18n.localize(`WC.Variant.${variant}`) };
}

type Obj = Record<string, unknown>;
type Die = { purpose: string; sides: number; face: number };

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const isDie = (v: unknown): v is Die => isObj(v) && typeof v.purpose === "string" && typeof v.sides === "number" && typeof v.face === "number";
const isMod = (v: unknown): v is Modifier => isObj(v) && typeof v.key === "string" && typeof v.value === "number";
const isSplit = (v: unknown): v is { total: number; actual: number; temporary: number } => isObj(v) && typeof v.total === "number" && typeof v.actual === "number" && typeof v.temporary === "number";
/** The modifiers of a roll that change it: a 0 (a speed with no effect) is left out. */
const mods = (v: unknown): Modifier[] => (Array.isArray(v) ? v.filter(isMod).filter((m) => m.value !== 0) : []);


/** A modifier's parameters with true minus signs on its negative numbers ("−3 steps"). */
function minusSigned(params: Modifier["params"]): Modifier["params"] {
  if (!params) return params;
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === "number" && v < 0 ? `−${-v}` : v]));
}

function modView(m: Modifier, purpose: string, pair: Pair, i18n: I18n): ModView {
  return { label: formatLine(m.key, minusSigned(m.params), {}, i18n), value: signed(m.value), secret: modifierSecret(m.key, purpose, pair).join(" ") };
}

/** The order a reader follows: the attack rolls first, then what they led to, damage last (the trace keeps no time). */
function rollRank(r: RollView, purpose: string): number {
  if (r.kind === "damage") return 2;
  return /ToHit$|Attack$|^firstStrike|^variable/.test(purpose) ? 0 : 1;
}

function outcomeOf(v: Obj, i18n: I18n): RollView["outcome"] {
  const pick = (flag: unknown, yes: string, no: string) => (typeof flag === "boolean" ? { label: i18n.localize(`WC.Card.outcome.${flag ? yes : no}`), tone: flag ? ("good" as const) : ("bad" as const) } : undefined);
  return pick(v.hit, "hit", "miss") ?? pick(v.success, "success", "failure") ?? pick(v.broken, "broken", "held") ?? pick(v.saved, "saved", "notSaved") ?? pick(v.overborne, "success", "failure") ?? null;
}

/** One roll box from its parts; secrets joined, the total as secret as its modifiers. */
function rollView(kind: RollView["kind"], label: string, formula: string, face: number, modifiers: ModView[], terms: ModView[], total: number | undefined, against: string, againstSecret: string[], outcome: RollView["outcome"], row = ""): RollView {
  const modSecret = unionSecret(...modifiers.map((m) => m.secret.split(" ")));
  const termSecret = unionSecret(...terms.map((m) => m.secret.split(" ")));
  const againstAll = unionSecret(againstSecret, termSecret);
  const hasTotal = total !== undefined && (modifiers.length > 0 || total !== face);
  return {
    kind,
    label,
    formula,
    face,
    modifiers,
    terms,
    hasTotal,
    added: hasTotal && (total ?? face) !== face ? signed((total ?? face) - face) : "",
    total: total ?? face,
    totalSecret: modSecret.join(" "),
    against,
    againstSecret: againstAll.join(" "),
    hiddenNote: unionSecret(modSecret, againstAll).join(" "),
    outcome,
    row,
    hasFoot: hasTotal || row !== "" || against !== "" || outcome !== null,
    hasDetail: modifiers.length > 0 || terms.length > 0,
  };
}

/**
 * The row of a table a roll reached, named: a hold part or hold (the roll's own result), or a
 * percentile category with its hold or overbear result (the row beside the roll in its parent).
 * A charging overbear's hold that is no tackle says it found no purchase (000).
 */
function rowOf(v: Obj, parent: Obj | null, i18n: I18n): string {
  const r = isObj(v.result) ? v.result : null;
  const named = (): string => {
    if (r && r.kind === "hold" && typeof r.part === "string") return i18n.localize(`WC.Part.${r.part}`);
    if (r && typeof r.name === "string") return i18n.localize(`WC.Hold.${r.name}`);
    if (r && r.kind === "briefGrip") return i18n.localize("WC.Card.row.briefGrip");
    const row = parent && parent.result === v && isObj(parent.row) ? parent.row : null;
    if (row && typeof row.category === "number" && typeof row.hold === "string") return i18n.format("WC.Card.row.category", { category: row.category, name: i18n.localize(`WC.Hold.${row.hold}`) });
    if (row && typeof row.category === "number" && typeof row.result === "string") return i18n.format("WC.Card.row.category", { category: row.category, name: i18n.localize(`WC.Overbear.${row.result}`) });
    return "";
  };
  const name = named();
  return name !== "" && parent?.kind === "wrongHold" && parent.holdRoll === v ? i18n.format("WC.Card.row.noPurchase", { row: name }) : name;
}

/**
 * d12-holds' first break roll is compared with the hold roll beside it, as the table read it (000
 * §Break rolls; a stranglehold on a creature with no windpipe reads 11): its target is that number, and the result's kind says whether the grip was shaken off.
 */
const BROKE_AT_ONCE: ReadonlySet<string> = new Set(["broken", "resisted"]);
function immediateBreak(die: Die, parent: Obj | null, i18n: I18n): RollView | null {
  // The row the table read (11 for a stranglehold on a creature with no windpipe), else the adjusted roll.
  const roll = parent && isObj(parent.holdRoll) ? parent.holdRoll : null;
  const hold = roll && typeof roll.row === "number" ? roll.row : roll && typeof roll.adjusted === "number" ? roll.adjusted : null;
  if (die.purpose !== "immediateBreak" || hold === null || typeof parent?.kind !== "string") return null;
  const broke = BROKE_AT_ONCE.has(parent.kind);
  const outcome = { label: i18n.localize(`WC.Card.outcome.${broke ? "broken" : "held"}`), tone: broke ? ("good" as const) : ("bad" as const) };
  return rollView("roll", i18n.localize(`WC.Purpose.${die.purpose}`), localizeFormula(`1d${die.sides}`, i18n), die.face, [], [], undefined, i18n.format("WC.Card.needs", { n: hold }), [], outcome);
}

/** A damage block: dice (or a table's figure), modifiers, a flat part, a size multiplier, a total. */
function damageView(v: Obj, pair: Pair, i18n: I18n): RollView | null {
  const dice = Array.isArray(v.dice) && v.dice.every(isDie) ? (v.dice as Die[]) : null;
  const base = typeof v.base === "number" && isSplit(v.split) ? v.base : null;
  if (dice === null && base === null) return null;
  if (dice !== null && !Array.isArray(v.modifiers) && !isSplit(v.split) && typeof v.total !== "number") return null;
  const purpose = dice?.[0]?.purpose ?? "tableDamage";
  const list = mods(v.modifiers).map((m) => modView(m, purpose, pair, i18n));
  if (typeof v.flat === "number" && v.flat !== 0) list.push({ label: i18n.localize("WC.Card.flat"), value: signed(v.flat), secret: "" });
  if (typeof v.multiplier === "number" && v.multiplier !== 1) list.push({ label: i18n.format("WC.Card.times", { n: v.multiplier }), value: `×${v.multiplier}`, secret: "" });
  const face = dice ? dice.reduce((s, d) => s + d.face, 0) : (base ?? 0);
  const total = isSplit(v.split) ? v.split.total : typeof v.total === "number" ? v.total : face;
  const label = dice && dice[0] ? i18n.localize(`WC.Purpose.${purpose}`) : i18n.localize("WC.Card.tableDamage");
  const formula = dice && dice[0] ? localizeFormula(`${dice.length}d${dice[0].sides}`, i18n) : "";
  const view = rollView("damage", label, formula, face, list, [], total, "", [], null);
  const hasTotal = list.length > 0 || total !== face;
  return { ...view, hasTotal, hasFoot: hasTotal };
}

/**
 * Walks a result and collects every roll and damage roll, in order. `pair` names the acting
 * creature and its opponent (token uuids) for the secrets.
 */
export function traceOf(result: unknown, i18n: I18n, pair: Pair = { attacker: "", defender: "" }): { rolls: RollView[] } {
  const rolls: RollView[] = [];
  const purposes = new Map<RollView, string>();
  const seen = new Set<unknown>();
  const walk = (v: unknown, parent: Obj | null): void => {
    if (seen.has(v)) return;
    if (Array.isArray(v)) {
      for (const x of v) walk(x, parent);
      return;
    }
    if (!isObj(v)) return;
    seen.add(v);
    // A Variable (percentile) shows as the modifier it becomes; its die is named there.
    if (isDie(v.die) && typeof v.assignedTo === "string") return;
    if (isDie(v.die)) {
      const purpose = v.die.purpose;
      const total = typeof v.total === "number" ? v.total : typeof v.adjusted === "number" ? v.adjusted : undefined;
      // With no total the modifiers make the chance, not the die's score (an overbear's d100).
      const chanceMods = total === undefined && typeof v.chance === "number" && !Array.isArray(v.chanceTerms);
      const list = chanceMods ? [] : mods(v.modifiers).map((m) => modView(m, purpose, pair, i18n));
      if (typeof v.sizeAdjustment === "number" && v.sizeAdjustment !== 0) list.push({ label: i18n.localize("WC.Mod.holdSize"), value: signed(v.sizeAdjustment), secret: "" });
      const terms = mods(chanceMods ? v.modifiers : v.chanceTerms).map((m) => modView(m, purpose, pair, i18n));
      const target = typeof v.needed === "number" ? v.needed : typeof v.target === "number" ? v.target : undefined;
      // A to-hit roll says where its number comes from (THAC0 and AC), and what moved the AC.
      const from = isObj(v.from) && typeof v.from.ac === "number" ? v.from : null;
      const acOf = parent && isObj(parent.targetAc) && typeof parent.targetAc.base === "number" && parent.targetAc.ac === from?.ac ? parent.targetAc : null;
      const acMoves = acOf ? mods(acOf.modifiers) : [];
      if (acOf && acMoves.length > 0) terms.push({ label: i18n.format("WC.Card.acBase", { ac: acOf.base as number }), value: "", secret: targetSecret(purpose, pair).join(" ") }, ...acMoves.map((m) => ({ ...modView(m, purpose, pair, i18n), secret: targetSecret(purpose, pair).join(" ") })));
      const needs = (n: number): string => (from === null ? i18n.format("WC.Card.needs", { n }) : typeof from.thac0 === "number" ? i18n.format("WC.Card.needsFromThac0", { n, thac0: from.thac0, ac: from.ac as number }) : i18n.format("WC.Card.needsAgainstAc", { n, ac: from.ac as number }));
      const against = target !== undefined ? needs(target) : typeof v.chance === "number" ? i18n.format("WC.Card.chance", { n: v.chance }) : "";
      const view = rollView("roll", i18n.localize(`WC.Purpose.${purpose}`), localizeFormula(`1d${v.die.sides}`, i18n), v.die.face, list, terms, total, against, against ? targetSecret(purpose, pair) : [], outcomeOf(v, i18n), rowOf(v, parent, i18n));
      rolls.push(view);
      purposes.set(view, purpose);
      seen.add(v.die);
    } else if (isDie(v)) {
      const view = immediateBreak(v, parent, i18n) ?? rollView("roll", i18n.localize(`WC.Purpose.${v.purpose}`), localizeFormula(`1d${v.sides}`, i18n), v.face, [], [], undefined, "", [], null);
      rolls.push(view);
      purposes.set(view, v.purpose);
      return;
    } else {
      const damage = damageView(v, pair, i18n);
      if (damage) {
        rolls.push(damage);
        if (Array.isArray(v.dice)) for (const d of v.dice) seen.add(d);
      }
    }
    for (const [k, x] of Object.entries(v)) if (k !== "die" && k !== "chanceTerms") walk(x, v);
  };
  walk(result, null);
  const ranked = rolls.map((r, i) => ({ r, i, rank: rollRank(r, purposes.get(r) ?? "") }));
  ranked.sort((a, b) => a.rank - b.rank || a.i - b.i);
  return { rolls: ranked.map((x) => x.r) };
}

/** A resolution the rules refused: its reason, to tell the user in a notice (and post no card). */
export function refusalOf(resolution: { readonly headline: Headline }): { key: string; params: Record<string, string> } | null {
  const h = resolution.headline;
  if (!isRefusalKey(h.key)) return null;
  const reason = h.params?.reason;
  return { key: "WC.Refuse.byRules", params: { reason: typeof reason === "string" ? reason : REFUSED_PLAIN_KEY } };
}

/** Headlines that already say a hold ended: no separate line for it. */
const ENDS_HOLD = new Set(["WC.Result.released", "WC.Result.broken", "WC.Result.brokeFree", "WC.Result.allBroken", "WC.Result.counterBroke", "WC.Result.liftOff"]);

export function nextViews(next: readonly NextLine[], names: Readonly<Record<string, string>>, i18n: I18n): LineView[] {
  return next.map((l) => ({
    text: formatLine(l.key, l.params, names, i18n),
    numbers: l.numbers ? formatLine(l.numbers.key, l.numbers.params, names, i18n) : "",
    secret: unionSecret(l.numbersOf ?? [], l.numbersFrom ? sumSecret(l.numbersFrom.keys, l.numbersFrom.roller, l.numbersFrom.opponent) : []).join(" "),
  }));
}

/** The holds a card's buttons stand for: holder, held and hold id ("" for whichever holds between the two). */
export interface HoldPair {
  readonly holder: string;
  readonly held: string;
  readonly hold: string;
  readonly label: string;
}

/**
 * The holds a card leaves in place and offers buttons for: those it made, or, for a hold action
 * that left its hold as it was (a failed break, a declared overbear), that hold again.
 */
export function holdPairs(card: StoredCard, variant: RulesVariant | undefined): HoldPair[] {
  if (!variant?.holdActions || card.state === "undone") return [];
  const c = card.consequences;
  const { attackerUuid: a, defenderUuid: d } = card.intent;
  const pairs: HoldPair[] = c.holdsAdded.map((h) => ({ holder: h.holderId, held: h.heldId, hold: h.id, label: h.label }));
  if (pairs.length > 0 || c.holdsRemoved.length > 0) return pairs;
  const action = card.resolution.action;
  const hold = card.intent.holdId ?? "";
  if (variant.holdActions.held.some((x) => x.action === action)) pairs.push({ holder: d, held: a, hold, label: "" });
  else if (variant.holdActions.holder.some((x) => x.action === action)) pairs.push({ holder: a, held: d, hold, label: "" });
  return pairs;
}

/** What a card declared for the round end (000's overbear attempt), while it stands. */
function declarationsOf(card: StoredCard): NonNullable<StoredCard["consequences"]["declarations"]> {
  return card.state === "undone" ? [] : (card.consequences.declarations ?? []);
}

/** A declared card's state, in place of the button that declared it: one tag per declaration. */
export function declaredTags(card: StoredCard, i18n: I18n): string[] {
  return declarationsOf(card).map((d) => i18n.localize(`WC.Card.declared.${d.kind}`));
}

/** The creatures this card leaves out cold (its own conditions and what its damage causes): they act on nothing next. */
function leftOut(card: StoredCard): Set<string> {
  const out = new Set<string>();
  for (const x of [...card.consequences.conditions, ...(card.caused ?? [])]) {
    if (x.condition !== "unconscious") continue;
    if (x.active) out.add(x.targetId);
    else out.delete(x.targetId);
  }
  return out;
}

/**
 * The buttons for what comes next: the variant's hold actions, for each hold the card leaves in
 * place; not the declaration the card itself made (a creature declares it once a round), and none
 * for a creature the card leaves out cold.
 */
export function followUps(card: StoredCard, variant: RulesVariant | undefined, i18n: I18n): FollowUpView[] {
  if (!variant?.holdActions) return [];
  const declared = declarationsOf(card);
  const cold = leftOut(card);
  const pairs = holdPairs(card, variant);
  const out: FollowUpView[] = [];
  for (const p of pairs) {
    const part = pairs.length > 1 && p.label ? ` (${i18n.localize(p.label)})` : "";
    for (const [side, list] of [["held", variant.holdActions.held], ["holder", variant.holdActions.holder]] as const) {
      for (const x of list) {
        if (!variant.actions.includes(x.action)) continue;
        const actor = side === "held" ? p.held : p.holder;
        const target = actor === p.held ? p.holder : p.held;
        if (cold.has(actor)) continue;
        if (declared.some((d) => d.kind === x.action && d.holderId === actor && d.targetId === target)) continue;
        out.push({ action: x.action, label: `${i18n.localize(x.label ?? `WC.Action.${x.action}`)}${part}`, actor, target: actor === p.held ? p.holder : p.held, holder: p.holder, held: p.held, hold: p.hold });
      }
    }
  }
  return out;
}

/**
 * The GM's buttons on any card: Apply while it waits, Undo once applied, and the temporary
 * damage's correction. A result card passes `damaged` (who took temporary damage): the correction
 * shows only where there is some, and says what it edits; other cards keep it always.
 */
export function gmButtons(state: string, i18n: I18n, damaged?: readonly string[]): ButtonView[] {
  const ledger = damaged === undefined ? [{ action: "ledger", label: i18n.localize("WC.Ledger.open") }] : damaged.length > 0 && state !== "undone" ? [{ action: "ledger", label: i18n.format("WC.Card.adjustTemporary", { names: damaged.join(", ") }) }] : [];
  return [
    ...(state === "pending" ? [{ action: "apply", label: i18n.localize("WC.Card.apply") }] : []),
    ...(state === "applied" ? [{ action: "undo", label: i18n.localize("WC.Card.undo") }] : []),
    ...ledger,
  ];
}

/** The creatures a result card did temporary damage to (token uuids): what its correction edits. */
export function temporaryDamaged(card: StoredCard): string[] {
  return [...new Set(card.consequences.damage.filter((x) => x.temporary !== 0).map((x) => x.targetId))];
}

/**
 * The headline as who did what to whom ("Ogre holds Fighter: Body"): the result's card sentence,
 * with the acting creature and its target by name; null where the result has none.
 */
function saidHeadline(card: StoredCard, names: Readonly<Record<string, string>>, i18n: I18n): string | null {
  const h = card.resolution.headline;
  const [scope, group, name] = h.key.split(".");
  const key = `WC.Card.said.${name ?? ""}`;
  if (scope !== "WC" || group !== "Result" || !has(i18n, key)) return null;
  // A counted result (blows, limbs) comes in whole as {headline}, its plural forms its own.
  const headline = formatLine(h.key, { attacker: card.intent.attackerUuid, defender: card.intent.defenderUuid, ...h.params }, names, i18n);
  return formatLine(key, { ...h.params, attacker: card.intent.attackerUuid, defender: card.intent.defenderUuid, headline }, names, i18n);
}

/** The line a GM's call puts on its card, naming the refusal the GM set aside ("" when none). */
export function gmCallLine(card: Pick<StoredCard, "gmCall">, i18n: I18n): string {
  const call = card.gmCall;
  if (!call || typeof call.key !== "string" || !call.key.startsWith("WC.")) return "";
  return i18n.format("WC.Card.gmCall", { reason: formatLine(call.key, call.params ?? {}, {}, i18n) });
}

/**
 * A grab card's attack (issue 31): its name (plain text, escaped where it is drawn), whether a
 * host roll stood for its to-hit, and the monster's figure that filled the hold's damage slot.
 */
function grabOfCard(card: StoredCard): { kind: string; name: string; hostHit: boolean; damage: string; later: boolean } | null {
  if (card.resolution.action !== "grab") return null;
  const r = card.resolution.result;
  if (!isObj(r) || !isObj(r.attack) || typeof r.attack.name !== "string" || typeof r.kind !== "string") return null;
  const m = isObj(r.monsterDamage) ? r.monsterDamage : null;
  const dice = m && typeof m.count === "number" && typeof m.sides === "number" && typeof m.bonus === "number" ? `${m.count}d${m.sides}${m.bonus > 0 ? `+${m.bonus}` : m.bonus < 0 ? `−${-m.bonus}` : ""}` : "";
  return { kind: r.kind, name: r.attack.name.slice(0, 120), hostHit: r.toHit === null, damage: dice, later: r.damageTiming === "laterRoundEnds" };
}

export function cardView(card: StoredCard, i18n: I18n): CardView {
  const pair: Pair = { attacker: card.intent.attackerUuid, defender: card.intent.defenderUuid };
  // The others a result may name (the members of a grapple a blow went into) by their names too.
  const names: Record<string, string> = { ...card.otherNames, [pair.attacker]: card.attackerName, [pair.defender]: card.defenderName };
  const nameOf = (id: string) => names[id] ?? "?";
  const { rolls } = traceOf(card.resolution.result, i18n, pair);
  const c = card.consequences;
  const effects: string[] = [];
  const said = saidHeadline(card, names, i18n);
  // The headline says who now holds whom when the one hold made is the actor's on its target.
  const holdSaid = said !== null && c.holdsAdded.length === 1 && c.holdsAdded[0]?.holderId === pair.attacker && c.holdsAdded[0]?.heldId === pair.defender;
  for (const h of holdSaid ? [] : c.holdsAdded) effects.push(i18n.format("WC.Card.holdMade", { holder: nameOf(h.holderId), held: nameOf(h.heldId) }));
  if (c.holdsRemoved.length > 0 && !ENDS_HOLD.has(card.resolution.headline.key)) effects.push(formatLine("WC.Card.holdsEnded", { n: c.holdsRemoved.length }, names, i18n));
  for (const x of c.damage) if (x.actual !== 0 || x.temporary !== 0) effects.push(i18n.format("WC.Card.damageTo", { name: nameOf(x.targetId), damage: damagePhrase(x.actual, x.temporary, i18n) }));
  // With what the damage makes of a creature (a knock-out), which the writes set too.
  for (const x of [...c.conditions, ...(Array.isArray(card.caused) ? card.caused : [])]) effects.push(i18n.format(x.active ? "WC.Card.conditionOn" : "WC.Card.conditionOff", { condition: i18n.localize(`WC.Condition.${x.condition}`), name: nameOf(x.targetId) }));
  // A note names the creature it is about ({who}) and may name the card's two ({attacker}, {defender}).
  for (const n of c.notes) effects.push(formatLine(n.key, { who: nameOf(n.targetId), attacker: card.attackerName, defender: card.defenderName }, {}, i18n));
  // A grab says with which attack, what stood for the grapple's to-hit, and whose damage fills the hold's slot (issue 31).
  const grab = grabOfCard(card);
  if (grab?.kind === "grabbed") {
    effects.unshift(i18n.format(grab.hostHit ? "WC.Card.grabHostHit" : "WC.Card.grabHit", { attack: grab.name }));
    // When the damage lands is the rule set's (the result's damageTiming: 000 only from the next round's close on).
    if (grab.damage) effects.push(i18n.format(grab.later ? "WC.Card.grabDamageLater" : "WC.Card.grabDamage", { dice: grab.damage }));
  }
  const buttons = gmButtons(card.state, i18n, temporaryDamaged(card).map(nameOf));
  const h = card.resolution.headline;
  const changed = c.holdsAdded.length + c.holdsRemoved.length + c.damage.length + c.conditions.length > 0;
  return {
    title: grab ? i18n.format("WC.Card.grabTitle", { attack: grab.name }) : i18n.localize(`WC.Action.${card.resolution.action}`),
    headline: said ?? formatLine(h.key, { ...pair, ...h.params }, names, i18n),
    tone: changed ? "done" : "none",
    // The headline names both creatures where it can; elsewhere the subtitle does.
    subtitle: said === null ? i18n.format("WC.Card.versus", { attacker: card.attackerName, defender: card.defenderName }) : "",
    rolls,
    effects,
    next: card.state === "undone" ? [] : nextViews(card.next ?? [], names, i18n),
    nextLabel: i18n.localize("WC.Card.next"),
    hiddenLabel: i18n.localize("WC.Card.hidden"),
    state: card.state,
    stateLabel: i18n.localize(`WC.Card.state.${card.state}`),
    buttons,
    gmLabel: i18n.localize("WC.Card.gmControls"),
    followUps: followUps(card, RULES_VARIANTS[card.variant], i18n),
    declaredTags: declaredTags(card, i18n),
    requestId: card.requestId,
    projectTable: (card.projectTables ?? []).length > 0 ? i18n.localize("WC.Source.projectDefault") : "",
    projectMark: (card.projectTables ?? []).length > 0 ? i18n.localize("WC.Card.projectMark") : "",
    ...rulesTag(card.variant, i18n),
    gmCall: gmCallLine(card, i18n),
  };
}

/** A round card's view: its lines (numbers apart, hideable), state and the GM's buttons. */
export interface RoundCardLike {
  readonly round: number;
  readonly resolution: { readonly lines: readonly Headline[] };
  readonly names: Readonly<Record<string, string>>;
  readonly state: string;
  readonly variant?: string;
}

export function roundLineView(line: Headline, names: Readonly<Record<string, string>>, i18n: I18n): LineView {
  const name = line.key.split(".").at(-1) ?? "";
  const numbersKey = `WC.RoundNumbers.${name}`;
  const owners = ROUND_NUMBER_OWNERS[name] ?? [];
  // As a result card writes a roll: the die, its modifiers and total (where it has any), what it needs, and the verdict.
  const p = line.params ?? {};
  const sum = typeof p.roll === "number" && typeof p.total === "number" && p.total !== p.roll ? ` ${p.total > p.roll ? "+" : "\u2212"} ${Math.abs(p.total - p.roll)} = ${p.total}` : "";
  const verdictKey = `WC.RoundVerdict.${name}`;
  const verdict = has(i18n, verdictKey) ? i18n.localize(verdictKey) : "";
  const numbers = has(i18n, numbersKey) ? formatLine(numbersKey, { ...p, sum, verdict }, names, i18n) : "";
  return { text: formatLine(line.key, line.params, names, i18n), numbers, secret: owners.map((p) => line.params?.[p]).filter((x): x is string => typeof x === "string").join(" ") };
}

export function roundCardView(card: RoundCardLike, i18n: I18n): Record<string, unknown> {
  return {
    title: i18n.format("WC.Round.title", { round: card.round }),
    lines: card.resolution.lines.map((l) => roundLineView(l, card.names, i18n)),
    nothing: card.resolution.lines.length === 0 ? i18n.localize("WC.Round.nothing") : "",
    state: card.state,
    stateLabel: i18n.localize(`WC.Card.state.${card.state}`),
    buttons: gmButtons(card.state, i18n),
    ...(card.variant === undefined ? { rules: "", rulesTitle: "" } : rulesTag(card.variant, i18n)),
  };
}
