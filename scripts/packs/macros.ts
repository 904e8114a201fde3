/**
 * The macros pack: one macro per action of each variant (generated from the rules core's list of
 * actions, one folder per variant), plus the hand-written tool macros in packs/_source/macros/.
 * Every macro goes through the module API (game.modules.get("weaponless-combat").api), so it
 * acts for whoever runs it, with the token they selected and the one they target.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { RULES_VARIANTS } from "../../src/rules/index.ts";
import type { FolderDoc, MacroDoc } from "./docs.ts";
import { stats } from "./docs.ts";
import { stableId } from "./ids.ts";
import type { Texts } from "./lang.ts";
import { variantTitle } from "./variants.ts";

const ICONS = "modules/weaponless-combat/assets/icons";

/** Each action's picture: the module's own status icons where one fits, else a core icon. */
export const ACTION_IMG: Readonly<Record<string, string>> = {
  grapple: `${ICONS}/grappled.svg`,
  pummel: `${ICONS}/stunned.svg`,
  overbear: `${ICONS}/prone.svg`,
  chargingOverbear: "icons/svg/falling.svg",
  breakFree: `${ICONS}/held.svg`,
  counterGrapple: `${ICONS}/holding.svg`,
  liftOff: "icons/svg/wing.svg",
  release: `${ICONS}/holding.svg`,
  subdue: `${ICONS}/subdued.svg`,
};
const FALLBACK_IMG = "icons/svg/combat.svg";

/** What each action macro does, in a line, for the guide's macros page. */
const ACTION_ABOUT: Readonly<Record<string, string>> = {
  grapple: "Try to get a hold on the target.",
  pummel: "Strike the target with fists, feet or a pummelling weapon.",
  overbear: "Try to bring the target down.",
  chargingOverbear: "Charge and tackle the target.",
  breakFree: "Try to break a hold the target has on you.",
  counterGrapple: "Answer the target's hold with a hold of your own.",
  liftOff: "A winged flier tries to rise, shaking off every hold.",
  release: "Let go of a hold you have on the target.",
  subdue: "Strike to beat the target into surrender rather than kill it.",
};

export function actionCommand(action: string, label: string, variant: string): string {
  return [
    `// Weaponless Combat: ${label} (${variant}).`,
    "// Select your own token, target the creature to act against, then run this macro.",
    'const api = game.modules.get("weaponless-combat")?.api;',
    'if (!api) return ui.notifications.warn("Weaponless Combat is not active in this world.");',
    `return api.use(${JSON.stringify(action)});`,
  ].join("\n");
}

export function actionMacros(texts: Texts): { folders: FolderDoc[]; macros: MacroDoc[] } {
  const folders: FolderDoc[] = [];
  const macros: MacroDoc[] = [];
  Object.values(RULES_VARIANTS).forEach((v, vi) => {
    const folderId = stableId(`macros.folder.${v.id}`);
    folders.push({
      _id: folderId,
      _key: `!folders!${folderId}`,
      name: variantTitle(texts, v.id),
      type: "Macro",
      folder: null,
      sorting: "m",
      sort: (vi + 1) * 100_000,
      color: null,
      description: `The actions of ${variantTitle(texts, v.id)}.`,
      flags: {},
      _stats: stats(),
    });
    v.actions.forEach((action, ai) => {
      const id = stableId(`macros.action.${v.id}.${action}`);
      const label = texts.t(`WC.Action.${action}`);
      macros.push({
        _id: id,
        _key: `!macros!${id}`,
        name: label,
        type: "script",
        img: ACTION_IMG[action] ?? FALLBACK_IMG,
        scope: "global",
        command: actionCommand(action, label, v.id),
        folder: folderId,
        sort: (ai + 1) * 100_000,
        ownership: { default: 0 },
        flags: { "weaponless-combat": { variant: v.id, action, about: ACTION_ABOUT[action] ?? label } },
        _stats: stats(),
      });
    });
  });
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
  return { folders, macros };
}

export function macroAbout(m: MacroDoc): string {
  const about = (m.flags["weaponless-combat"] as { about?: unknown } | undefined)?.about;
  return typeof about === "string" ? about : m.name;
}
