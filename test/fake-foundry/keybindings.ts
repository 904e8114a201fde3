/**
 * Configure Controls: each tab's `game.keybindings`, and the token HUD a key can open on its
 * canvas (`canvas.tokens.hud`); see docs/foundry-contract.md for each [C-nn].
 */
import type { FakeClient } from "./clients.ts";
import type { FakeToken } from "./scenes.ts";
import { renderTokenHUD } from "./apps.ts";

/** [C-101] One binding: a KeyboardEvent `code` ("KeyG", "Digit1", "F13") and the modifiers held with it. */
export interface FakeBinding {
  readonly key: string;
  readonly modifiers?: readonly string[];
}

/** [C-101] What a package registers for one action. */
export interface FakeKeybindingConfig {
  readonly name: string;
  readonly hint?: string;
  readonly editable?: readonly FakeBinding[];
  readonly uneditable?: readonly FakeBinding[];
  readonly restricted?: boolean;
  readonly precedence?: number;
  readonly onDown?: (context: FakeKeyContext) => boolean | void;
  readonly onUp?: (context: FakeKeyContext) => boolean | void;
}

/** [C-102] What a handler is given: the key's code and which modifiers were held. */
export interface FakeKeyContext {
  readonly key: string;
  readonly isShift: boolean;
  readonly isControl: boolean;
  readonly isAlt: boolean;
  readonly up: boolean;
  readonly repeat: boolean;
}

const MODIFIERS = ["Shift", "Control", "Alt"] as const;

/** A KeyboardEvent code as Foundry names keys in a binding (not the character: "KeyZ", not "Z"). */
const CODE = /^(Key[A-Z]|Digit[0-9]|Numpad[0-9A-Za-z]+|F[0-9]{1,2}|Arrow(Up|Down|Left|Right)|Page(Up|Down)|Home|End|Insert|Delete|Backspace|Enter|Escape|Tab|Space|Backquote|Minus|Equal|Bracket(Left|Right)|Backslash|Semicolon|Quote|Comma|Period|Slash)$/;

/**
 * [C-101] `game.keybindings`: `register(namespace, action, config)` during init only (later it
 * throws "You cannot register a Keybinding after the init hook"); `get(namespace, action)` the
 * bindings in force (the user's, else the config's `uneditable` and `editable` ones); `set` is a
 * user changing them in Configure Controls. [C-102] `press(code, modifiers)` is a key pressed
 * with the canvas in focus: each action bound to exactly that key and those modifiers runs its
 * `onDown`, by precedence, until one returns true; a `restricted` one runs only for a GM.
 */
export class FakeKeybindings {
  readonly actions = new Map<string, FakeKeybindingConfig & { namespace: string }>();
  private readonly userBindings = new Map<string, FakeBinding[]>();
  private open = true;
  constructor(private readonly client: FakeClient) {
    // Registered before any package's init listener: closes once init is over.
    client.Hooks.once("i18nInit", () => this.close());
  }

  register(namespace: string, action: string, config: FakeKeybindingConfig): void {
    if (!this.open) throw new Error("You cannot register a Keybinding after the init hook");
    if (!namespace || !action) throw new Error("fake: a keybinding needs a namespace and an action");
    for (const b of [...(config.editable ?? []), ...(config.uneditable ?? [])]) {
      if (!CODE.test(b.key)) throw new Error(`fake: ${b.key} is not a KeyboardEvent code (Foundry wants "KeyZ", not "Z")`);
    }
    this.actions.set(`${namespace}.${action}`, { ...config, namespace });
  }

  /** The init hook is over: no more registrations. */
  close(): void {
    this.open = false;
  }

  get(namespace: string, action: string): FakeBinding[] {
    const id = `${namespace}.${action}`;
    const config = this.actions.get(id);
    if (!config) throw new Error(`fake: no keybinding ${id}`);
    return [...(config.uneditable ?? []), ...(this.userBindings.get(id) ?? config.editable ?? [])];
  }

  /** A user binds an action in Configure Controls (their own, per client). */
  set(namespace: string, action: string, bindings: FakeBinding[]): void {
    const id = `${namespace}.${action}`;
    if (!this.actions.has(id)) throw new Error(`fake: no keybinding ${id}`);
    this.userBindings.set(id, bindings);
  }

  /** A key pressed: the bound actions' onDown, by precedence, until one consumes it. Returns whether one did. */
  press(code: string, modifiers: readonly string[] = []): boolean {
    const held = new Set(modifiers);
    const bound = [...this.actions.entries()].filter(([id, config]) => {
      const [ns, ...rest] = id.split(".");
      if (config.restricted && !this.client.user.isGM) return false;
      return this.get(ns as string, rest.join(".")).some((b) => b.key === code && MODIFIERS.every((m) => (b.modifiers ?? []).includes(m) === held.has(m)));
    });
    bound.sort((a, b) => (a[1].precedence ?? 1) - (b[1].precedence ?? 1));
    const context: FakeKeyContext = { key: code, isShift: held.has("Shift"), isControl: held.has("Control"), isAlt: held.has("Alt"), up: false, repeat: false };
    return this.client.run(() => bound.some(([, config]) => config.onDown?.(context) === true));
  }
}

/**
 * [C-103] The token HUD bound to a token (`canvas.tokens.hud.bind(tokenObject)`): drawn for it
 * (renderTokenHUD fires) and shown on the page; binding it again draws it again.
 */
export class FakeTokenHud {
  element: HTMLElement | null = null;
  object: { document: FakeToken } | null = null;
  binds = 0;
  constructor(private readonly client: FakeClient) {}
  bind(object: { document: FakeToken }): void {
    this.binds++;
    this.object = object;
    this.element?.remove();
    this.element = this.client.run(() => renderTokenHUD(this.client, object.document));
    this.client.document.body.append(this.element);
  }
  clear(): void {
    this.element?.remove();
    this.element = null;
    this.object = null;
  }
}

/** A tab's keybindings and token HUD. */
export function keysOf(client: FakeClient): { keybindings: FakeKeybindings; hud: FakeTokenHud } {
  return {
    keybindings: (client.game as unknown as { keybindings: FakeKeybindings }).keybindings,
    hud: (client.canvas.tokens as unknown as { hud: FakeTokenHud }).hud,
  };
}
