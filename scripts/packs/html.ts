/** Small HTML builders for the guide's generated pages: escaped text, tables, lists. */

export function esc(text: string | number): string {
  return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** An HTML fragment already escaped (built with the helpers here). */
export class Html {
  constructor(readonly html: string) {}
  toString(): string {
    return this.html;
  }
}

export const raw = (html: string): Html => new Html(html);
type Cell = string | number | Html;
const cell = (c: Cell): string => (c instanceof Html ? c.html : esc(c));

export function table(head: readonly Cell[], rows: ReadonlyArray<readonly Cell[]>, caption?: string): string {
  const th = head.map((h) => `<th>${cell(h)}</th>`).join("");
  const body = rows.map((r) => `<tr>${r.map((c) => `<td>${cell(c)}</td>`).join("")}</tr>`).join("\n");
  return `<table>${caption === undefined ? "" : `<caption>${esc(caption)}</caption>`}\n<thead><tr>${th}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
}

export const h = (level: 2 | 3 | 4, text: string): string => `<h${level}>${esc(text)}</h${level}>`;
export const p = (text: string | Html): string => `<p>${cell(text)}</p>`;
export const code = (text: string): Html => raw(`<code>${esc(text)}</code>`);
export const ul = (items: readonly (string | Html)[]): string => `<ul>${items.map((i) => `<li>${cell(i)}</li>`).join("")}</ul>`;
export const pre = (text: string): string => `<pre><code>${esc(text)}</code></pre>`;

/** A range row's bounds as a GM reads them: "≤ 2", "3–5", "8", "15+". */
export function range(min: number | undefined, max: number | undefined): string {
  if (min === undefined && max === undefined) return "any";
  if (min === undefined) return `${max} or less`;
  if (max === undefined) return `${min} or more`;
  return min === max ? String(min) : `${min}–${max}`;
}

export const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");
