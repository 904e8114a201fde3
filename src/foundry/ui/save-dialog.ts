/** A form dialog with Save and Cancel; input the core refuses is named in an error notice. */
import type { InputIssue } from "../../rules/index.ts";
import { RulesInputError } from "../../rules/index.ts";
import { i18n, notify } from "../base/i18n.ts";
import { plainText } from "../base/text.ts";

export interface SaveDialog {
  readonly title: string;
  readonly content: string;
  /** Reads the form and saves; throws RulesInputError for input the core refuses. */
  save(form: HTMLFormElement): Promise<void>;
  /** The notice for refused input: an i18n key taking {details}. */
  readonly invalidKey: string;
  /** How an issue's path reads in the notice (default: the path itself). */
  readonly pathLabel?: (issue: InputIssue) => string;
}

export async function openSaveDialog(d: SaveDialog): Promise<void> {
  await foundry.applications.api.DialogV2.wait({
    // Foundry may read a window title as HTML: a creature's name in one cannot open a tag.
    window: { title: plainText(d.title) },
    content: d.content,
    buttons: [
      {
        action: "save",
        label: i18n.localize("WC.Profile.save"),
        default: true,
        callback: async (_e: unknown, button: HTMLButtonElement) => {
          if (!button.form) return;
          try {
            await d.save(button.form);
          } catch (e) {
            if (!(e instanceof RulesInputError)) throw e;
            const label = d.pathLabel ?? ((i: InputIssue) => i.path);
            notify("error", d.invalidKey, { details: e.issues.map((i) => `${label(i)}: ${i18n.format(`WC.Error.${i.code}`, i.params ?? {})}`).join("; ") });
          }
        },
      },
      { action: "cancel", label: i18n.localize("WC.Dialog.cancel") },
    ],
  } as never);
}
