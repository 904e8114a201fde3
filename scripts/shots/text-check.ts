/**
 * The text check of `npm run shots` (and of test/shots/scenes.test.ts): in a picture's visible
 * text and its tooltips, nothing a person should never read: a raw language key (`WC.…`, or
 * Foundry's own `EFFECT.…` left unlocalized: a status shown by its key),
 * `undefined`, `NaN`, `[object Object]`, a `{placeholder}` left unfilled, or a document's raw
 * UUID (`Scene.….Token.…`, `Actor.…`).
 */

export interface Offence {
  readonly kind: "raw key" | "undefined" | "NaN" | "[object Object]" | "unfilled placeholder" | "raw UUID";
  /** The offending piece itself. */
  readonly match: string;
  /** The offending piece, with a little of the text around it. */
  readonly text: string;
}

const CHECKS: ReadonlyArray<[Offence["kind"], RegExp]> = [
  ["raw key", /\bWC\.[A-Za-z0-9_.-]*/g],
  ["raw key", /\bEFFECT\.[A-Za-z0-9_.-]*/g],
  ["undefined", /\bundefined\b/g],
  ["NaN", /\bNaN\b/g],
  ["[object Object]", /\[object Object\]/g],
  ["unfilled placeholder", /\{[A-Za-z_][A-Za-z0-9_.]*\}/g],
  ["raw UUID", /\b(?:Scene|Actor|Item|JournalEntry|Combat|ChatMessage)\.[A-Za-z0-9]{16}\b(?:\.[A-Za-z]+\.[A-Za-z0-9]{16})*/g],
];

/** Every offence in one piece of text, each with up to 30 characters either side. */
export function offencesIn(text: string): Offence[] {
  const out: Offence[] = [];
  for (const [kind, re] of CHECKS) {
    for (const m of text.matchAll(re)) {
      const at = m.index ?? 0;
      const around = text.slice(Math.max(0, at - 30), at + m[0].length + 30).replace(/\s+/g, " ").trim();
      out.push({ kind, match: m[0], text: around });
    }
  }
  return out;
}

/** What a person reads of a picture: its text, and the tooltips and labels its elements carry. */
export interface PictureText {
  readonly text: string;
  readonly tooltips: readonly string[];
}

/** The attributes read as tooltips or labels (Foundry's own tooltips are data-tooltip). */
export const TOOLTIP_ATTRIBUTES = ["title", "aria-label", "data-tooltip", "placeholder", "alt"] as const;

export function pictureOffences(p: PictureText): Offence[] {
  return [...offencesIn(p.text), ...p.tooltips.flatMap((t) => offencesIn(t).map((o) => ({ ...o, text: `(tooltip) ${o.text}` })))];
}

/**
 * The same from a scene's HTML, without a browser (happy-dom or any DOM): the text of every
 * element that is not hidden by the `hidden` attribute, `<template>` or `<script>`/`<style>`,
 * plus the tooltip attributes. A little wider than what the browser shows (it cannot know what
 * CSS hides), so a hit here names a text that is in the picture's HTML at least.
 */
export function htmlText(root: ParentNode): PictureText {
  const texts: string[] = [];
  const tooltips: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === 3) {
      texts.push(node.textContent ?? "");
      return;
    }
    if (node.nodeType !== 1 && node.nodeType !== 11) return;
    const el = node as Element;
    if (node.nodeType === 1) {
      const tag = el.tagName.toLowerCase();
      if (tag === "script" || tag === "style" || tag === "template" || el.hasAttribute("hidden")) return;
      for (const a of TOOLTIP_ATTRIBUTES) {
        const v = el.getAttribute(a);
        if (v) tooltips.push(v);
      }
      if (tag === "input" && (el.getAttribute("type") === "button" || el.getAttribute("type") === "submit")) texts.push(el.getAttribute("value") ?? "");
    }
    for (const child of Array.from(node.childNodes)) walk(child);
    if (node.nodeType === 1) texts.push(" ");
  };
  walk(root as unknown as Node);
  return { text: texts.join("").replace(/[ \t]+/g, " ").trim(), tooltips };
}
