/**
 * The Foundry behaviours the fake imitates, read from docs/foundry-contract.md when the page is
 * built: every tagged row of its tables (`| C-nn | behaviour | source |`), as plain text.
 */
import contract from "../../docs/foundry-contract.md?raw";

export interface Claim {
  readonly tag: string;
  readonly text: string;
}

/** Markdown inline marks to plain text: code spans, emphasis and links keep only their words. */
function plain(cell: string): string {
  return cell
    .replace(/\\\|/g, "|")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/\*\*([^*]*)\*\*/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
}

/** The cells of a table row, split at the pipes that are not escaped. */
function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, "")
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

export function claims(text: string = contract): Claim[] {
  const out: Claim[] = [];
  for (const line of text.split("\n")) {
    if (!/^\|\s*C-\d/.test(line)) continue;
    const [tag, behaviour] = cells(line);
    if (tag && behaviour) out.push({ tag: plain(tag), text: plain(behaviour) });
  }
  return out;
}
