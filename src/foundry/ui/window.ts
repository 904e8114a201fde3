/**
 * The module's windows: ApplicationV2 with Handlebars parts (what `registerMenu` wants, and
 * what Foundry's own forms are). The class is made when Foundry's application classes exist
 * (at init or later), so importing this file needs no Foundry.
 *
 * ApplicationV2's documented pieces used here: `DEFAULT_OPTIONS` (`id`, `tag: "form"`,
 * `window.title`, `position`, `form.handler` called as (event, form, formData) with the
 * application as `this`, `actions` called as (event, target)), `PARTS` with a `template`,
 * `_prepareContext`, `render({force})`, `close()` and `element`.
 */
import { MODULE_ID } from "../base/constants.ts";

export interface OpenWindow {
  readonly element: HTMLElement;
  /** Whether it is drawn on the page now (ApplicationV2#rendered). */
  readonly rendered?: boolean;
  render(options?: { force?: boolean }): Promise<unknown>;
  close(): Promise<unknown>;
}

type WindowClass = new (options?: Record<string, unknown>) => OpenWindow;

export interface WindowSpec {
  readonly id: string;
  /** i18n key of the title. */
  readonly title: string;
  readonly template: string;
  readonly width?: number;
  /** The template's data, asked anew at each render. */
  context(): Promise<Record<string, unknown>>;
  /** Reads and saves the form; true closes the window (false keeps it open, e.g. input refused). */
  submit?(form: HTMLFormElement): Promise<boolean>;
  /** Buttons with `data-action`: each gets the window's form (or element). */
  readonly actions?: Readonly<Record<string, (root: HTMLElement, target: HTMLElement) => void | Promise<void>>>;
}

interface AppApi {
  ApplicationV2: WindowClass;
  HandlebarsApplicationMixin: (base: WindowClass) => WindowClass;
}

/** A window class for `spec`, made on first use and kept. */
export function windowClass(spec: WindowSpec): WindowClass {
  const cached = made.get(spec.id);
  if (cached) return cached;
  const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api as unknown as AppApi;
  const actions: Record<string, (this: OpenWindow, event: Event, target: HTMLElement) => Promise<void>> = {};
  for (const [name, fn] of Object.entries(spec.actions ?? {})) {
    actions[name] = async function (this: OpenWindow, _event: Event, target: HTMLElement) {
      await fn(this.element, target);
    };
  }
  const Base = HandlebarsApplicationMixin(ApplicationV2);
  class ModuleWindow extends Base {
    static DEFAULT_OPTIONS = {
      id: `${MODULE_ID}-${spec.id}`,
      tag: spec.submit ? "form" : "div",
      classes: [MODULE_ID, "wc-window"],
      window: { title: spec.title, resizable: true },
      position: { width: spec.width ?? 520, height: "auto" },
      actions,
      ...(spec.submit
        ? {
            form: {
              submitOnChange: false,
              closeOnSubmit: false,
              handler: async function (this: OpenWindow, _event: Event, form: HTMLFormElement) {
                if (await spec.submit?.(form)) await this.close();
              },
            },
          }
        : {}),
    };
    static PARTS = { body: { template: spec.template, scrollable: [""] } };
    async _prepareContext(): Promise<Record<string, unknown>> {
      return spec.context();
    }
  }
  made.set(spec.id, ModuleWindow);
  return ModuleWindow;
}

const made = new Map<string, WindowClass>();

/** Opens (or brings forward) the window of `spec`. */
export async function openWindow(spec: WindowSpec): Promise<OpenWindow> {
  const Cls = windowClass(spec);
  const w = new Cls();
  await w.render({ force: true });
  return w;
}
