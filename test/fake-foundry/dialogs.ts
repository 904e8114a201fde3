/** DialogV2: its buttons' labels [C-71] and callbacks [C-41]; the world answers each dialog (world.onDialog). */
export class FakeDialog {
  readonly element: HTMLElement;
  /** Drawn in the document of the tab that opened it. */
  constructor(
    readonly config: DialogConfig,
    doc: Document = document,
  ) {
    this.element = doc.createElement("div");
    const form = doc.createElement("form");
    form.innerHTML = config.content;
    const footer = doc.createElement("footer");
    for (const b of config.buttons) {
      const el = doc.createElement("button");
      el.type = "submit";
      el.dataset.action = b.action;
      // [C-71] DialogV2 puts a button's label into the button as HTML.
      el.innerHTML = b.label;
      footer.append(el);
    }
    form.append(footer);
    this.element.append(form);
  }
  get form(): HTMLFormElement {
    return this.element.querySelector("form") as HTMLFormElement;
  }
  /** What the person does: change inputs, then press a button. */
  async press(action: string): Promise<unknown> {
    const spec = this.config.buttons.find((b) => b.action === action);
    if (!spec) throw new Error(`dialog has no button ${action}`);
    const el = this.element.querySelector<HTMLButtonElement>(`button[data-action="${action}"]`) as HTMLButtonElement;
    // [C-41] DialogV2 button callbacks get (event, button, dialog); the button's form is the dialog's.
    return spec.callback ? spec.callback(new Event("submit"), el, this) : action;
  }
}

export interface DialogConfig {
  window?: { title?: string };
  content: string;
  buttons: Array<{ action: string; label: string; default?: boolean; callback?: (event: Event, button: HTMLButtonElement, dialog: FakeDialog) => unknown }>;
  render?: (event: Event, dialog: FakeDialog) => void;
}
