/**
 * The shapes of the compendium documents the build writes, as the Foundry CLI packs them: each
 * primary document and each embedded one carries `_key` (`!macros!<id>`, `!journal!<id>`,
 * `!journal.pages!<entry>.<page>`, `!folders!<id>`); a document without one is skipped silently.
 */

/** Core version the documents are written for (their `_stats`), so Foundry runs no migration. */
export const CORE_VERSION = "13.345";

export const stats = () => ({
  coreVersion: CORE_VERSION,
  systemId: null,
  systemVersion: null,
  createdTime: null,
  modifiedTime: null,
  lastModifiedBy: null,
  compendiumSource: null,
  duplicateSource: null,
});

export interface FolderDoc {
  _id: string;
  _key: string;
  name: string;
  type: "Macro" | "JournalEntry";
  folder: string | null;
  sorting: "a" | "m";
  sort: number;
  color: string | null;
  description: string;
  flags: Record<string, unknown>;
  _stats: ReturnType<typeof stats>;
}

export interface MacroDoc {
  _id: string;
  _key: string;
  name: string;
  type: "script";
  img: string;
  scope: "global";
  command: string;
  folder: string | null;
  sort: number;
  ownership: { default: number };
  flags: Record<string, unknown>;
  _stats: ReturnType<typeof stats>;
}

export interface PageDoc {
  _id: string;
  _key: string;
  name: string;
  type: "text";
  title: { show: boolean; level: number };
  text: { format: 1; content: string };
  sort: number;
  ownership: { default: number };
  flags: Record<string, unknown>;
  _stats: ReturnType<typeof stats>;
}

export interface JournalDoc {
  _id: string;
  _key: string;
  name: string;
  pages: PageDoc[];
  folder: string | null;
  sort: number;
  ownership: { default: number };
  flags: Record<string, unknown>;
  _stats: ReturnType<typeof stats>;
}

export type PackDoc = FolderDoc | MacroDoc | JournalDoc;

/** One compendium pack as module.json declares it, with the documents the build packs into it. */
export interface PackSource {
  readonly name: string;
  readonly type: "Macro" | "JournalEntry";
  readonly docs: readonly PackDoc[];
}
