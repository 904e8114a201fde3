/**
 * What a reader would trip over, measured in the page: text whose contrast with what is behind
 * it is under 4.5:1 (WCAG AA), and anything wider than its box (the 300 px chat column, a
 * dialog). Used by the Chromium test and by `npm run shots`.
 *
 * `audit` is self-contained (no imports, no outer names) so that Playwright can send it into a
 * page as it is.
 */
export interface Finding {
  readonly kind: "contrast" | "overflow";
  readonly text: string;
  readonly detail: string;
  readonly ratio?: number;
}

export interface AuditResult {
  readonly findings: Finding[];
  /** The lowest contrast measured, and on which text. */
  readonly lowest: { readonly ratio: number; readonly text: string };
  readonly checked: number;
}

export function audit(root: Element, minimum = 4.5): AuditResult {
  type RGBA = [number, number, number, number];
  const parse = (c: string): RGBA => {
    const m = /rgba?\(([^)]+)\)/.exec(c);
    if (m && m[1]) {
      const p = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
      return [p[0] ?? 0, p[1] ?? 0, p[2] ?? 0, p[3] ?? 1];
    }
    const s = /color\(srgb ([^)]+)\)/.exec(c);
    if (s && s[1]) {
      const p = s[1].split(/[\s/]+/).filter(Boolean).map(Number);
      return [(p[0] ?? 0) * 255, (p[1] ?? 0) * 255, (p[2] ?? 0) * 255, p[3] ?? 1];
    }
    return [0, 0, 0, 0];
  };
  const over = (top: RGBA, below: RGBA): RGBA => {
    const a = top[3] + below[3] * (1 - top[3]);
    if (a === 0) return [0, 0, 0, 0];
    const mix = (i: 0 | 1 | 2) => (top[i] * top[3] + below[i] * below[3] * (1 - top[3])) / a;
    return [mix(0), mix(1), mix(2), a];
  };
  const lum = (c: RGBA): number => {
    const ch = (v: number) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * ch(c[0]) + 0.7152 * ch(c[1]) + 0.0722 * ch(c[2]);
  };
  const ratioOf = (a: RGBA, b: RGBA): number => {
    const [l1, l2] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
    return (l1 + 0.05) / (l2 + 0.05);
  };
  /** What is painted behind an element: its own and its ancestors' background colours, blended. */
  const backdrop = (el: Element): RGBA => {
    const layers: RGBA[] = [];
    for (let e: Element | null = el; e; e = e.parentElement) {
      const bg = parse(getComputedStyle(e).backgroundColor);
      if (bg[3] > 0) layers.push(bg);
      if (bg[3] >= 1) break;
    }
    let out: RGBA = [255, 255, 255, 1];
    for (const l of layers.reverse()) out = over(l, out);
    return out;
  };
  const opacityOf = (el: Element): number => {
    let o = 1;
    for (let e: Element | null = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
    return o;
  };
  const visible = (el: Element): boolean => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && (el as HTMLElement).checkVisibility?.() !== false;
  };
  const label = (el: Element): string => (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 80);

  const findings: Finding[] = [];
  let lowest = { ratio: Infinity, text: "" };
  let checked = 0;
  const all = [root, ...root.querySelectorAll("*")];
  for (const el of all) {
    if (!visible(el)) continue;
    const ownText = [...el.childNodes].some((n) => n.nodeType === 3 && (n.textContent ?? "").trim() !== "");
    const isField = el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement;
    if (ownText || (isField && !(el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio")))) {
      const style = getComputedStyle(el);
      const fg = parse(style.color);
      const bg = backdrop(el);
      const text = over([fg[0], fg[1], fg[2], fg[3] * opacityOf(el)], bg);
      const ratio = ratioOf(text, bg);
      checked++;
      if (ratio < lowest.ratio) lowest = { ratio, text: label(el) || el.tagName };
      if (ratio < minimum) findings.push({ kind: "contrast", text: label(el) || el.tagName, detail: `${style.color} on ${getComputedStyle(el).backgroundColor} (backdrop rgb(${bg.slice(0, 3).map(Math.round).join(",")}))`, ratio: Math.round(ratio * 100) / 100 });
    }
  }
  // Overflow: nothing wider than the root, and nothing clipped sideways inside its own box.
  const box = root.getBoundingClientRect();
  for (const el of all) {
    if (!visible(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.right > box.right + 0.5 || r.left < box.left - 0.5) findings.push({ kind: "overflow", text: label(el) || el.tagName, detail: `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} spans ${Math.round(r.left - box.left)}..${Math.round(r.right - box.left)} px of ${Math.round(box.width)}` });
    else if (!["IMG", "SVG", "INPUT", "SELECT", "TEXTAREA"].includes(el.tagName.toUpperCase()) && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0 && getComputedStyle(el).overflowX !== "visible") findings.push({ kind: "overflow", text: label(el) || el.tagName, detail: `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} clips ${el.scrollWidth - el.clientWidth} px of its content` });
  }
  return { findings, lowest: { ratio: Math.round(lowest.ratio * 100) / 100, text: lowest.text }, checked };
}
