/**
 * What the page (the server's frame) and each client tab (a frame of its own) hand each other.
 * Types only: a tab never imports the fake's code, or it would get a second copy of its classes;
 * it reaches the page's one copy through `window.parent.wcDemo`.
 */
import type { FakeClient, FakeDialog, FakeScene, FakeWorld } from "../test/fake-foundry/world.ts";

export type TabKey = "gm" | "player";

/** How a token is drawn on the map: an icon, a colour, and the fixture its creature came from. */
export interface TokenLook {
  readonly icon: string;
  readonly colour: string;
  readonly source: string;
  /** The host system the creature was exported from (ARS, OSE, dnd5e, adnd2e): its statuses look as that system shows them. */
  readonly system: string;
}

/** The page, as a tab sees it. */
export interface DemoServer {
  readonly world: FakeWorld;
  readonly scene: FakeScene;
  readonly looks: ReadonlyMap<string, TokenLook>;
  /** Opens the tab's client: the fake connects it, `register` runs the module's hooks, then init, setup, ready. */
  connect(tab: TabKey, page: Document, register: () => void): FakeClient;
  /** The tab is drawn and listening. */
  ready(tab: TabKey, api: TabApi): void;
}

/** A tab, as the page (and the smoke run) sees it. Every call runs as the tab's client. */
export interface TabApi {
  /** Shows a DialogV2 this tab's code opened; resolves as DialogV2.wait does. */
  showDialog(dialog: FakeDialog): Promise<unknown>;
  /** The GM's setting of the rule set, as the settings window saves it: false when it was refused. */
  setVariant(variant: string): Promise<boolean>;
  /**
   * The tethers the module's layer shows on this tab's map (for the smoke run): each hold's label,
   * and how many points along its line the canvas shows in its part's colour.
   */
  tethers(): TetherShown[];
}

export interface TetherShown {
  readonly id: string;
  readonly label: string;
  /** Points of the line (of 17 along it) where the map's canvas shows the tether's colour. */
  readonly coloured: number;
}

declare global {
  interface Window {
    wcDemo?: DemoServer;
    wcTab?: TabApi;
  }
}
