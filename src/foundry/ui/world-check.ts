/** The "Check this world" window: the report, and a button that copies it as text. */
import { TEMPLATES } from "../base/constants.ts";
import { i18n, notify } from "../base/i18n.ts";
import type { WorldReport } from "./world-report.ts";
import { checkWorld } from "./world-report.ts";
import type { WindowSpec } from "./window.ts";
import { openWindow } from "./window.ts";

export const WORLD_CHECK: WindowSpec = {
  id: "world-check",
  title: "WC.Check.title",
  template: TEMPLATES.worldCheck,
  width: 620,
  context: async () => {
    const report = checkWorld();
    return { sections: report.sections, text: report.text, summary: i18n.format(report.warnings > 0 ? "WC.Check.warnings" : "WC.Check.allGood", { n: report.warnings }), copy: i18n.localize("WC.Check.copy") };
  },
  actions: {
    copy: async (root) => {
      const area = root.querySelector<HTMLTextAreaElement>("textarea[name=report]");
      if (!area) return;
      const clip = (globalThis.navigator as Navigator | undefined)?.clipboard;
      try {
        if (!clip) throw new Error("no clipboard");
        await clip.writeText(area.value);
        notify("info", "WC.Check.copied");
      } catch {
        // No clipboard here (an insecure page, say): select the text for the GM to copy.
        area.select();
      }
    },
  },
};

/** Builds the report; for a GM, shows it too. */
export async function showWorldCheck(show = true): Promise<WorldReport | null> {
  if (!game.user.isGM) {
    notify("warn", "WC.Refuse.notGM");
    return null;
  }
  const report = checkWorld();
  if (show) await openWindow(WORLD_CHECK);
  return report;
}
