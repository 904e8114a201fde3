/**
 * Stable document ids for what the build generates: the same name always gives the same
 * 16-character id, so a generated macro or page keeps its compendium UUID from one release to
 * the next (links and hotbar slots keep working after an update).
 */
import { createHash } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export function stableId(name: string): string {
  const bytes = createHash("sha256").update(`weaponless-combat:${name}`).digest();
  let id = "";
  for (let i = 0; i < 16; i++) id += ALPHABET[(bytes[i] as number) % ALPHABET.length];
  return id;
}

/** Foundry's document ids: 16 letters and digits. */
export const ID_PATTERN = /^[A-Za-z0-9]{16}$/;
