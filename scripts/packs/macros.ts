/**
 * The macros pack: one macro per action (generated from the rules core's lists of actions),
 * each playing by whichever rule set the world has chosen, so a table never holds three
 * look-alike "Grapple" macros and a world that changes rule sets keeps its hotbar. The actions
 * two or three rule sets share sit in the folder "Actions"; an action only one rule set has sits
 * in that rule set's folder, with Mass charge beside d12 holds' own. The hand-written tool macros
 * (packs/_source/macros/) go in "Tools". Every macro goes through the module API
 * (game.modules.get("weaponless-combat").api), so it acts for whoever runs it, with the token
 * they selected and the one they target; an action the world's rule set lacks says so.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { RULES_VARIANTS, SHELL_ACTIONS } from "../../src/rules/index.ts";
import type { ShellAction } from "../../src/rules/index.ts";
import type { FolderDoc, MacroDoc } from "./docs.ts";
import { stats } from "./docs.ts";
import { stableId } from "./ids.ts";
import type { Texts } from "./lang.ts";
import { variantName, variantTitle } from "./variants.ts";

/** Each action's own tile (assets/icons/actions/), so no two macros look alike. */
export const ACTION_IMG = (action: string): string => `modules/weaponless-combat/assets/icons/actions/${action}.svg`;

/** What each action macro does, in our own words, for its description and the guide's macros page. */
const ACTION_ABOUT: Readonly<Record<ShellAction, string>> = {
  grapple: "Try to get a hold on the target: an arm, a leg, the body or the throat, as the rule set decides.",
  pummel: "Strike the target with fists and feet to knock it out rather than kill it.",
  overbear: "Try to bring the target to the ground by weight and strength.",
  chargingOverbear: "Charge the target and tackle it; it may strike first as you come.",
  breakFree: "Try to break a hold the target has on you.",
  counterGrapple: "Answer the target's hold on you with a hold of your own on it.",
  liftOff: "A winged flier held by the target tries to rise, shaking off its holders.",
  release: "Let go of a hold you have on the target.",
  subdue: "Strike the target to beat it into surrender rather than kill it.",
  standUp: "Get back on your feet after being brought down; select your token and target any creature (the action is your own).",
  grabItem: "Snatch something the target holds or wears; easiest when it is held fast or helpless.",
  coupDeGrace: "Finish a helpless target (asleep, held fast, out cold) with a killing blow.",
  deathBlow: "Strike a helpless target where a blow kills outright.",
  attackIntoGrapple: "Strike into a knot of grappling creatures: the blow may land on any of them.",
  grab: "Strike with an attack that takes hold by itself (a constrictor's coils, a tentacle); on a hit the rule set's hold follows. Uses the creature's first grabbing attack.",
};

/** The rule sets that have an action, in the core's order. */
function rulesWith(action: ShellAction): string[] {
  return Object.values(RULES_VARIANTS)
    .filter((v) => v.actions.includes(action))
    .map((v) => v.id);
}

/** The rule sets an action plays under, for its description: every one, or the ones named. */
function underWhich(texts: Texts, ids: readonly string[]): string {
  if (ids.length === Object.keys(RULES_VARIANTS).length) return "Under every rule set.";
  const names = ids.map((id) => variantName(texts, id));
  return `Under ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`} only.`;
}

export function actionCommand(action: string, label: string, under: string): string {
  return [
    `// Weaponless Combat: ${label}. Plays by the world's rule set. ${under}`,
    "// Select your own token, target the creature to act against, then run this macro.",
    'const api = game.modules.get("weaponless-combat")?.api;',
    'if (!api) return ui.notifications.warn("Weaponless Combat is not active in this world.");',
    `return api.use(${JSON.stringify(action)});`,
  ].join("\n");
}

export const ACTIONS_FOLDER_ID = stableId("macros.folder.actions");
export const TOOLS_FOLDER_ID = "VfJapGBEP3X4XIdv";
/** A rule set's own folder (the ids the per-rule-set folders always had). */
export const variantFolderId = (variant: string): string => stableId(`macros.folder.${variant}`);

function folder(id: string, name: string, sort: number, description: string): FolderDoc {
  return { _id: id, _key: `!folders!${id}`, name, type: "Macro", folder: null, sorting: "m", sort, color: null, description, flags: {}, _stats: stats() };
}

export function actionMacros(texts: Texts): { folders: FolderDoc[]; macros: MacroDoc[] } {
  const folders: FolderDoc[] = [folder(ACTIONS_FOLDER_ID, "Actions", 100_000, "One macro per action. Each plays by the rule set the world has chosen (Game Settings → Weaponless Combat → Rules); an action that rule set lacks says so.")];
  const macros: MacroDoc[] = [];
  const actions = SHELL_ACTIONS.filter((a) => rulesWith(a).length > 0);
  for (const [i, action] of actions.entries()) {
    const ids = rulesWith(action);
    const own = ids.length === 1 ? (ids[0] as string) : undefined;
    if (own !== undefined && !folders.some((f) => f._id === variantFolderId(own))) {
      folders.push(folder(variantFolderId(own), variantTitle(texts, own), (Object.keys(RULES_VARIANTS).indexOf(own) + 2) * 100_000, `The actions only ${variantName(texts, own)} has.`));
    }
    const id = stableId(`macros.action.${action}`);
    const label = texts.t(`WC.Action.${action}`);
    const under = underWhich(texts, ids);
    macros.push({
      _id: id,
      _key: `!macros!${id}`,
      name: label,
      type: "script",
      img: ACTION_IMG(action),
      scope: "global",
      command: actionCommand(action, label, under),
      folder: own === undefined ? ACTIONS_FOLDER_ID : variantFolderId(own),
      sort: (i + 1) * 100_000,
      ownership: { default: 0 },
      flags: { "weaponless-combat": { action, variants: ids, about: `${ACTION_ABOUT[action]} ${under}` } },
      _stats: stats(),
    });
  }
  return { folders, macros };
}

/** The hand-written documents of a pack's source folder (packs/_source/<pack>/*.json). */
export function readSourceDocs<T>(dir: string): T[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => {
      const path = join(dir, f);
      try {
        return JSON.parse(readFileSync(path, "utf8")) as T;
      } catch (e) {
        throw new Error(`${path}: ${e instanceof Error ? e.message : String(e)}`);
      }
    });
}

/** Every document of the macros pack: generated folders and macros, then the hand-written ones. */
export function macrosPack(root: string, texts: Texts): { folders: FolderDoc[]; macros: MacroDoc[] } {
  const generated = actionMacros(texts);
  const written = readSourceDocs<FolderDoc | MacroDoc>(join(root, "packs", "_source", "macros"));
  const folders = [...generated.folders, ...written.filter((d): d is FolderDoc => d._key.startsWith("!folders!"))];
  const macros = [...generated.macros, ...written.filter((d): d is MacroDoc => d._key.startsWith("!macros!"))];
  const homeless = macros.filter((m) => m.folder !== null && !folders.some((f) => f._id === m.folder));
  if (homeless.length > 0) throw new Error(`macros in no folder of the pack: ${homeless.map((m) => `${m.name} (${String(m.folder)})`).join(", ")}`);
  return { folders, macros };
}

export function macroAbout(m: MacroDoc): string {
  const about = (m.flags["weaponless-combat"] as { about?: unknown } | undefined)?.about;
  return typeof about === "string" ? about : m.name;
}
