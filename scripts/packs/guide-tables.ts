/**
 * The guide's "tables" pages, generated at build time from the rules core's own data
 * (src/rules/<variant>/tables.ts), so the guide shows exactly the numbers the module plays by.
 * Each table says where its numbers come from: the source text, or a project default that the
 * GM may replace (see the guide's page on replacing tables).
 */
import { d12, formatFormula, grappleDie, percentile, SIZES } from "../../src/rules/index.ts";
import type { RangeTable } from "../../src/rules/index.ts";
import type { Html } from "./html.ts";
import { esc, h, p, range, signed, table } from "./html.ts";
import type { Texts } from "./lang.ts";

type Num = Readonly<Record<string, number>>;

/** Where a table's numbers come from, as the guide says it. */
function sourceNote(texts: Texts, source: string): string {
  if (source === "project default") return `<p class="wc-guide-source"><strong>${esc(texts.t("WC.Source.projectDefault"))}.</strong></p>`;
  // The source text's own numbers: which source, by the label lang/en.json gives it (WC.Source.000, ...).
  if (source.startsWith("host system: ")) return `<p class="wc-guide-source">${esc(texts.t("WC.Source.host"))}: ${esc(source.slice("host system: ".length))}.</p>`;
  const key = `WC.Source.${source}`;
  return `<p class="wc-guide-source">${esc(texts.has(key) ? texts.t(key) : "From the rules text")}.</p>`;
}

function matrix(title: string, rowLabel: string, m: Readonly<Record<string, Num>>, fmt: (n: number) => string = signed): string {
  return h(3, title) + table([rowLabel, ...SIZES], SIZES.map((row) => [row, ...SIZES.map((col) => fmt(m[row]?.[col] as number))]));
}

function pairs(title: string, labels: Readonly<Record<string, string>>, values: Num, fmt: (n: number) => string = signed, head: [string, string] = ["", "modifier"]): string {
  const rows = Object.entries(values).map(([k, v]) => [labels[k] ?? k, fmt(v)]);
  return h(3, title) + table(head, rows);
}

type Cells = Array<string | number | Html>;
function rangeRows<T extends RangeTable<unknown>>(t: T, cells: (r: T["rows"][number]["result"]) => Cells): Cells[] {
  return t.rows.map((row) => [range(row.min, row.max), ...cells(row.result)]);
}

// ---------------------------------------------------------------------------------------------
function d12Tables(texts: Texts): string {
  const part = (k: string) => texts.t(`WC.Part.${k}`);
  const out: string[] = [];
  out.push(
    pairs(
      "Situations that change a pummel or grapple roll",
      {
        rear: "Attacking from behind",
        defenderProne: "Target lying down (overborne or prone; not added to the rear or immobilised bonus)",
        defenderHampered: "Target stunned, entangled, slowed or immobilised by grapplers",
        attackerHidden: "Attacker invisible or displaced",
        defenderInvisible: "Target invisible",
        defenderHardToLocate: "Target displaced or otherwise hard to locate",
        pummelingWeapon: "Attacker uses a pummelling weapon",
      },
      d12.SPECIAL_TO_HIT,
      signed,
      ["situation", "to hit"],
    ),
  );
  out.push(h(3, "Speed (grapple to-hit)"), p("Both entries are added to the grappler's roll: its own speed's entry and the target's."));
  out.push(table(["movement", "grappler's speed", "target's speed"], d12.SPEED_TABLE.rows.map((r) => [r.result.label, signed(r.result.attacker), signed(r.result.defender)])));
  out.push(sourceNote(texts, d12.SPEED_TABLE.source));
  out.push(
    h(3, "Armour and movement"),
    table(
      ["armour", "share of normal movement"],
      Object.entries(d12.ARMOR_MOVEMENT_STEP).map(([armor, step]) => [armor, `${Math.round(100 * (d12.MOVEMENT_SHARE[step] as number))}%`]),
    ),
    p("Heavy encumbrance moves one step further down (to 25% at most)."),
  );
  out.push(h(3, "Hold table (adjusted d12)"));
  out.push(
    table(
      ["adjusted d12", "hold", "damage"],
      rangeRows(d12.HOLD_TABLE, (r) =>
        r.kind === "briefGrip" ? [`Only a brief grip, which holds nothing; a spell with gestures is spoiled ${r.spellSpoilPct}% of the time`, "—"] : [part(r.part), r.damage === null ? "—" : formatFormula(r.damage)],
      ),
    ),
  );
  out.push(p(`A stranglehold on a creature without a windpipe counts as result ${d12.NO_WINDPIPE_RESULT}. Grappling damage is half real, half temporary.`));
  out.push(sourceNote(texts, d12.HOLD_TABLE.source));
  out.push(matrix("Size adjustment to the grappler's d12 (rows: target, columns: grappler)", "target \\ grappler", d12.HOLD_SIZE_ADJUSTMENT));
  out.push(
    pairs(
      "What a hold does to the held creature's attacks",
      {
        head: part("head"),
        strangle: part("strangle"),
        arm: "One arm",
        allArms: "Every arm (only attacks that need no arms)",
        leg: "One leg",
        legManyLegged: "One leg of a creature with three or more",
        allLegs: "Every leg",
        bodyPerHolder: "Body, against each creature holding the body",
        bodyPerHolderVeryLarge: "Body, for a very large creature",
        overborne: "Overborne (added to the hold's penalty)",
      },
      d12.HOLD_TO_HIT,
      signed,
      ["hold", "to hit"],
    ),
    p("Holds do not add up: the worst penalty counts (except the overborne penalty, which adds)."),
  );
  out.push(
    h(3, `Stranglehold damage`),
    p(`From the second round a stranglehold is kept on, it does ${formatFormula(d12.STRANGLE_DAMAGE)} as each round ends.`),
    pairs(
      "Break rolls after the first (d12 plus the reverse of the hold's size adjustment)",
      {
        basic: "Needed normally",
        crowdedOrMuchLarger: `Needed against ${d12.BREAK_TARGET.crowdedHolders}+ holders, or a holder two sizes larger`,
        mobbedOrGiantOnSmall: `Needed against ${d12.BREAK_TARGET.mobbedHolders}+ holders, or a very large holder on a small creature`,
        liftOff: "Needed by a winged flier breaking every hold as it lifts off",
        monkBonus: "Bonus for a monk",
      },
      { basic: d12.BREAK_TARGET.basic, crowdedOrMuchLarger: d12.BREAK_TARGET.crowdedOrMuchLarger, mobbedOrGiantOnSmall: d12.BREAK_TARGET.mobbedOrGiantOnSmall, liftOff: d12.BREAK_TARGET.liftOff, monkBonus: d12.BREAK_TARGET.monkBonus },
      String,
      ["", "number"],
    ),
    pairs(
      "Holds a small or man-sized creature can take at once",
      { arm: "On each arm", leg: "On each leg", body: "On the body", head: "On the head", strangle: "Stranglehold" },
      d12.HOLD_LIMITS_SMALL,
      String,
      ["where", "holds"],
    ),
  );
  out.push(
    h(3, "Pummelling"),
    p(
      `A pummel is rolled against AC ${d12.PUMMEL_BASE_AC} (a shield still counts ${d12.PUMMEL_SHIELD_AC}, armour does not); a grapple against AC ${d12.GRAPPLE_BASE_AC}. Damage is ${formatFormula(d12.PUMMEL_DAMAGE)} plus Strength (or the monster size bonus), plus the soak below, then times the size multiplier; one point in four is real. Under water: ${signed(d12.PUMMEL_UNDERWATER.toHit)} to hit and ${signed(d12.PUMMEL_UNDERWATER.damage)} damage; a grapple under water is ${signed(d12.GRAPPLE_UNDERWATER_TO_HIT)} for creatures not at home there.`,
    ),
  );
  out.push(h(4, "Soak by the target's natural AC (when the AC is toughness)"), table(["natural AC", "damage"], rangeRows(d12.PUMMEL_NATURAL_AC_DAMAGE, (r) => [signed(r)])));
  out.push(h(4, "Soak by worn armour"), table(["armour", "damage"], Object.entries(d12.PUMMEL_ARMOR_DAMAGE).map(([k, v]) => [k, signed(v)])), p("Studded leather is not listed: the rule option “Studded leather against pummels” chooses its row."));
  out.push(pairs("Monster size bonus (monsters with no Strength)", { S: "S", M: "M", L: "L", VL: "VL" }, d12.MONSTER_SIZE_DAMAGE, signed, ["size", "damage"]));
  out.push(
    h(3, "Size multiplier (steps from the target's size up to the pummeller's)"),
    table(
      ["steps", "multiplier"],
      Object.entries(d12.PUMMEL_SIZE_MULTIPLIER)
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([k, v]) => [signed(Number(k)), `×${v}`]),
    ),
  );
  out.push(
    pairs(
      "Overbearing: chance from the holds of those trying",
      {
        oneLegTwoLegged: "One leg of a two-legged creature",
        perLegManyLegged: "Each leg held, three or more legs",
        allLegs: "Every leg",
        perArm: "Each arm held",
        allArms: "Every arm",
        perBodyHold: "Each body hold",
        head: part("head"),
        strangle: part("strangle"),
      },
      d12.OVERBEAR_HOLD_BONUS,
      (n) => `+${n}%`,
      ["hold", "chance"],
    ),
  );
  out.push(matrix("Overbearing: size (rows: target, columns: the largest creature trying)", "target \\ largest", d12.OVERBEAR_SIZE_MODIFIER, (n) => `${signed(n)}%`));
  out.push(
    h(3, "Mass charge"),
    p(`Chance ${d12.MASS_CHARGE_POINTS.baseChance}% plus ${d12.MASS_CHARGE_POINTS.perPoint}% per point the chargers have over the defenders; the first ${d12.MASS_CHARGE_POINTS.frontRanks} ranks count in full.`),
    table(
      ["size", `ranks 1–${d12.MASS_CHARGE_POINTS.frontRanks}`, "further ranks", "Strength for the save if unknown", "frontage (ft)"],
      SIZES.map((s) => [s, d12.MASS_CHARGE_POINTS.front[s], d12.MASS_CHARGE_POINTS.rear[s], d12.MASS_CHARGE_DEFAULT_STRENGTH[s], d12.FRONTAGE_FEET[s]]),
    ),
  );
  return out.join("\n");
}

// ---------------------------------------------------------------------------------------------
function damageText(d: grappleDie.DamageExpr): string {
  if (d.dice === null) return d.flat === 0 ? "—" : String(d.flat);
  return d.flat === 0 ? formatFormula(d.dice) : `${formatFormula(d.dice)}+${d.flat}`;
}

function grappleDieEffects(row: grappleDie.GrappleDieRow): string {
  if (row.kind === "slip") return "No hold; the action is spent.";
  const e = row.effects;
  const out: string[] = [];
  if (e.defenderToHit !== 0) out.push(`held creature ${signed(e.defenderToHit)} to hit`);
  if (e.handsUnusable > 0) out.push(`${e.handsUnusable} hand${e.handsUnusable > 1 ? "s" : ""} useless`);
  if (e.noTwoWeapon) out.push("no two-weapon fighting");
  if (e.cannotRise) out.push("cannot rise or step");
  if (e.noSomaticSpells) out.push("no spells with gestures");
  if (e.noVerbalSpells) out.push("no spoken spells");
  if (e.strangle) out.push("strangling (knock-out chance, then suffocation)");
  if (row.prone) out.push("thrown down");
  if (row.stunSegments > 0) out.push(`stunned ${row.stunSegments} segments`);
  return out.length === 0 ? "the usual grapple effects only" : out.join("; ");
}

function grappleDieTables(texts: Texts): string {
  const t = grappleDie.GRAPPLE_DIE_TABLE;
  const out: string[] = [];
  out.push(h(3, `Grapple die (d${grappleDie.GRAPPLE_DIE_SIDES} plus modifiers)`));
  out.push(table(["adjusted die", "hold", "effects", "damage each round"], rangeRows(t, (r) => [texts.t(`WC.Hold.${r.name}`), grappleDieEffects(r), r.kind === "slip" ? "—" : damageText(r.damage)])));
  out.push(sourceNote(texts, t.source));
  out.push(p("A break roll must reach the number that made the hold; a roll that falls short by 5 or more throws everyone in that grapple to the ground."));
  out.push(
    h(3, "Everyone in a grapple"),
    p(
      `While any hold is in place, every creature in the grapple is ${signed(grappleDie.GRAPPLED_AC.toBeHit)} to be hit, loses its Dexterity and shield bonuses, and cannot move, unless it is much larger than the other side. A held creature may strike back only with a weapon of about ${grappleDie.SHORT_WEAPON_FT} ft or less already in hand.`,
    ),
  );
  out.push(
    pairs(
      "Timing (segments; a round has ten)",
      {
        segmentsPerRound: "Segments in a round",
        grappleSegments: "A grapple or break attempt takes",
        iterativeDelay: "Each further attack in a routine comes later by",
        holdDamageSegment: "Hold damage falls on segment",
        stunSegments: "A stun lasts",
        drawWeaponSegments: "Drawing a weapon while held takes",
      },
      {
        segmentsPerRound: grappleDie.TIMING.segmentsPerRound,
        grappleSegments: grappleDie.TIMING.grappleSegments,
        iterativeDelay: grappleDie.TIMING.iterativeDelay,
        holdDamageSegment: grappleDie.TIMING.holdDamageSegment,
        stunSegments: grappleDie.TIMING.stunSegments,
        drawWeaponSegments: grappleDie.TIMING.drawWeaponSegments,
      },
      String,
      ["", "segments"],
    ),
  );
  out.push(
    h(3, "Strangling"),
    p(
      `Each round the strangle is kept, the chance of passing out rises by ${grappleDie.STRANGLE.percentPerRound}% (${grappleDie.STRANGLE.percentPerRound}%, ${2 * grappleDie.STRANGLE.percentPerRound}%, ${3 * grappleDie.STRANGLE.percentPerRound}%, …); out for ${grappleDie.STRANGLE.unconsciousRounds} round. Kept on an unconscious victim, it suffocates in ${formatFormula(grappleDie.STRANGLE.suffocation)}+${grappleDie.STRANGLE.suffocationPlus} rounds.`,
    ),
  );
  out.push(
    h(3, "Overbear or rush"),
    p(
      `Only at the end of a charge, against a target less than ${grappleDie.OVERBEAR_LIMITS.tallerFt} ft taller and under ${grappleDie.OVERBEAR_LIMITS.weightRatio} times the attacker's weight (rule option). On a hit the target saves against its Dexterity or goes down: the save is ${signed(grappleDie.OVERBEAR_SAVE.attackerLargerMax)} at most for a larger attacker, up to ${signed(grappleDie.OVERBEAR_SAVE.defenderLargerMax)} for a larger target, ${signed(grappleDie.OVERBEAR_SAVE.shield)} with a shield, and ${signed(grappleDie.OVERBEAR_SAVE.terrainMin)} to ${grappleDie.OVERBEAR_SAVE.terrainMax} for terrain. A push moves the target ${grappleDie.PUSH.baseFt} ft, and ${grappleDie.PUSH.stepFt} ft more for every full ${grappleDie.PUSH.per} points the attack beat the number needed.`,
    ),
  );
  out.push(
    h(3, "Pummelling"),
    p(
      `Damage ${damageText(grappleDie.PUMMEL_DAMAGE)} plus Strength for a man-sized pummeller, one die step up for each size larger. Classless creatures of 1 Hit Die or less are ${signed(grappleDie.CLASSLESS_PUMMEL_PENALTY)} to hit. Fists against armour: ${signed(grappleDie.FIST_VS_ARMOR.value)}.`,
    ),
    sourceNote(texts, grappleDie.FIST_VS_ARMOR.source),
    h(4, "Base armour rating (plate-type armour with a helm at 4 or better turns pummels)"),
    table(["armour", "rating"], Object.entries(grappleDie.BASE_ARMOR_RATING.ratings).map(([k, v]) => [k, v])),
    sourceNote(texts, grappleDie.BASE_ARMOR_RATING.source),
  );
  return out.join("\n");
}

// ---------------------------------------------------------------------------------------------
function grappleEffectsText(e: percentile.GrappleEffects): string {
  const out: string[] = [];
  if (e.targetMayCounter) out.push("target may counter-grapple at once");
  if (e.armHeld) out.push("one arm held: its item is useless");
  if (e.dropsItem) out.push("the held hand drops its item");
  if (e.noSomaticSpells) out.push("no spells with gestures");
  if (e.noVerbalSpells) out.push("cannot speak: no spoken spells");
  if (e.targetToHit !== undefined) out.push(`target ${signed(e.targetToHit)} to hit`);
  if (e.holderChoice === "trip") out.push("the holder may trip the target instead");
  if (e.holderChoice === "throw") out.push("the holder may also throw the target down");
  if (e.strangle) out.push("strangling: a chance each round of passing out");
  if (e.stunRounds !== undefined) out.push(`stunned ${e.stunRounds} round${e.stunRounds > 1 ? "s" : ""}`);
  if (e.extraAttack) out.push("the holder may attack again at once");
  return out.length === 0 ? "—" : out.join("; ");
}

function overbearEffectsText(e: percentile.OverbearEffects): string {
  const out: string[] = [];
  if (e.targetMayCounter) out.push("target may strike back at once");
  if (e.attackerAtFeet) out.push("attacker ends at the target's feet");
  if (e.hinderedRounds !== undefined) out.push(`target hindered ${e.hinderedRounds} round${e.hinderedRounds > 1 ? "s" : ""}`);
  if (e.extraAttack) out.push("attacker gets an extra attack routine at once");
  if (e.prone) out.push("target down");
  if (e.losesMinorAction) out.push("target loses its next minor action");
  if (e.stunRounds !== undefined) out.push(`target stunned ${e.stunRounds} round${e.stunRounds > 1 ? "s" : ""}`);
  return out.length === 0 ? "no effect" : out.join("; ");
}

function percentileTables(texts: Texts): string {
  const P = percentile;
  const out: string[] = [];
  out.push(
    h(3, "Variable bonus"),
    p(`The attacker rolls d${P.VARIABLE_DICE.attacker} and the target d${P.VARIABLE_DICE.target}; each adds its column. Each side puts its value on the chance or on the result before the roll (the result unless it says otherwise).`),
    table(
      ["class group", "column"],
      Object.entries(P.CLASS_COLUMN).map(([k, v]) => [k, `level ÷ ${v.divisor}, rounded up${v.plus > 0 ? `, +${v.plus}` : ""}`]),
    ),
    table(["monster Hit Dice", "column"], P.MONSTER_COLUMN.rows.map((r) => [r.result.label, r.result.column])),
    p(`From ${P.MONSTER_COLUMN_OPEN.fromDice} Hit Dice on, one column more for every ${P.MONSTER_COLUMN_OPEN.dicePerColumn} dice.`),
  );
  out.push(
    h(3, "Chance to grapple (d100, roll at or under)"),
    p(`Base: the attacker's armour-only defence (${P.NO_ARMOR_AD} without armour) and its magic, times ${P.BASE_CHANCE_MULTIPLIER}; then the Variable if put on the chance, plus the attacker's Dexterity score, and:`),
    table(["target's armour-only defence", "chance"], rangeRows(P.TARGET_ARMOR_CHANCE, (r) => [signed(r)])),
    pairs(
      "Other changes to the chance",
      {
        attackerDexPerPoint: "Per point of the attacker's Dexterity",
        targetNoArmor: "Target wears no armour",
        fasterTarget: `Per full ${P.CHANCE.speedStep} ft the target is faster`,
        speedStep: "Speed step (ft)",
        slowedOrStunned: "Target slowed or stunned",
        immobile: "Target immobile",
        hasted: "Target hasted",
        perTargetHitDie: "Per Hit Die (or level) of the target",
        perAcAdjustment: "Per point of the target's other AC bonuses (Dexterity, shield, magic)",
        slickOrWet: "Target slick or wet (not when overbearing)",
      },
      Object.fromEntries(Object.entries(P.CHANCE).filter(([k]) => k !== "speedStep")),
    ),
  );
  const g: percentile.ResultModifierSpec = P.GRAPPLE_RESULT_MODIFIERS;
  const o: percentile.ResultModifierSpec = P.OVERBEAR_RESULT_MODIFIERS;
  out.push(
    h(3, "Result roll (d100 plus these)"),
    table(
      ["", "grapple", "overbear"],
      [
        [`Height, per ${g.percentStep}% difference (half if someone is down)`, signed(g.heightPerStep), signed(o.heightPerStep)],
        [`Weight, per ${g.percentStep}% difference`, signed(g.weightPerStep), signed(o.weightPerStep)],
        ["Attacker's Dexterity score", g.attackerDexPerPoint ? "added" : "—", o.attackerDexPerPoint ? "added" : "—"],
        [`Attacker's Strength score (to ${g.attackerStrengthCap}), then per 10% of exceptional Strength`, signed(g.attackerPer10Over18), signed(o.attackerPer10Over18)],
        ["Per point of target Dexterity over", `${g.targetDexOver}: ${signed(g.targetDexPerPoint)}`, `${o.targetDexOver}: ${signed(o.targetDexPerPoint)}`],
        ["Per point of target Strength over", `${g.targetStrengthOver}: ${signed(g.targetStrengthPerPoint)}`, `${o.targetStrengthOver}: ${signed(o.targetStrengthPerPoint)}`],
        ["Per 10% of the target's exceptional Strength", signed(g.targetPer10Over18), signed(o.targetPer10Over18)],
        [`Target's armour-only defence under ${g.targetArmorUnder ?? "—"}`, signed(g.targetHeavyArmor), o.targetArmorUnder === null ? "—" : signed(o.targetHeavyArmor)],
        ["Target wears a helmet", signed(g.helmet), o.helmet === 0 ? "—" : signed(o.helmet)],
        ["Target has a shield", signed(g.shield), o.shield === 0 ? "—" : signed(o.shield)],
        ...(["slowed", "hindered", "stunned", "entangled", "helpless"] as const).map((c) => [`Target ${c}`, g.conditions[c] === undefined ? "—" : signed(g.conditions[c]), o.conditions[c] === undefined ? "—" : signed(o.conditions[c])]),
      ],
    ),
  );
  out.push(h(3, "Grappling table"), table(["result", "category", "hold", "damage", "effects"], rangeRows(P.GRAPPLING_TABLE, (r) => [r.category, texts.t(`WC.Hold.${r.hold}`), r.damage, grappleEffectsText(r.effects)])), sourceNote(texts, P.GRAPPLING_TABLE.source));
  out.push(p("Breaking free needs a result at least one category above the hold. A creature joining a grapple gets at most a torso grab (rule option)."));
  out.push(h(3, "Overbear table"), table(["result", "category", "outcome", "damage", "effects"], rangeRows(P.OVERBEAR_TABLE, (r) => [r.category, texts.t(`WC.Overbear.${r.result}`), r.damage, overbearEffectsText(r.effects)])), sourceNote(texts, P.OVERBEAR_TABLE.source));
  out.push(
    h(3, "Damage"),
    p(
      `Grappling damage is ${P.LETHAL_SHARE.grapple.numerator} part in ${P.LETHAL_SHARE.grapple.denominator} lethal, overbearing damage ${P.LETHAL_SHARE.overbear.numerator} in ${P.LETHAL_SHARE.overbear.denominator}; the rest is non-lethal and heals ${P.NON_LETHAL_HEAL_PER_ROUND} point a round.`,
    ),
  );
  return out.join("\n");
}

const RENDERERS: Readonly<Record<string, (texts: Texts) => string>> = {
  "d12-holds": d12Tables,
  "grapple-die": grappleDieTables,
  percentile: percentileTables,
};

/** The tables page of one variant; a variant without a renderer stops the build by name. */
export function tablesPage(variantId: string, texts: Texts): string {
  const render = RENDERERS[variantId];
  if (!render) throw new Error(`guide: no tables page for variant ${variantId} (add one in scripts/packs/guide-tables.ts)`);
  return `<p>The numbers the module plays this variant by, read from its rules data when this release was built.</p>\n${render(texts)}`;
}
