/** What every part of a tab's page reads: its client, the page's world, and a way to ask for a redraw. */
import type { DemoServer, TabKey, TokenLook } from "../bridge.ts";
import type { FakeClient, FakeScene, FakeToken, FakeUser } from "../../test/fake-foundry/world.ts";

export const MODULE = "weaponless-combat";

export interface TabContext {
  readonly tab: TabKey;
  readonly server: DemoServer;
  readonly client: FakeClient;
  readonly user: FakeUser;
  readonly scene: FakeScene;
  /** How the map draws a token. */
  look(token: FakeToken): TokenLook;
  /** The map, tracker and chat log are drawn again on the next frame. */
  redraw(): void;
  /** Localized text from the module's language file. */
  t(key: string): string;
}

/** Whether this tab's user may control the token (a GM any, a player their own). */
export function owns(ctx: TabContext, token: FakeToken): boolean {
  return token.baseActor.testUserPermission(ctx.user, "OWNER");
}

/** An element with a class and text (never HTML). */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className = "", text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

export function icon(className: string): HTMLElement {
  const i = el("i", className);
  i.setAttribute("aria-hidden", "true");
  return i;
}
