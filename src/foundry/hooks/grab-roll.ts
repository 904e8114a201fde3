/**
 * A host attack roll the GM points the module to (issue 31): a GM-only entry in a chat message's
 * context menu ("getChatMessageContextOptions", v13 and v14: foundryvtt/foundryvtt#12334; dnd5e
 * adds its own entries through the same hook, foundryvtt/dnd5e#5588). On a message spoken by a
 * token whose creature has a grabbing attack, it carries out a grab whose to-hit the host's roll
 * made: the module's card offers the hold by the world's rule set. The GM's word is that the roll
 * hit; the module never reads a hit from another system's card.
 *
 * Which attack: the item the message names (dnd5e `flags.dnd5e.item.id`, or any item id among the
 * message's flags) when it is a grabbing attack of the speaker, else the speaker's first grabbing
 * attack. Which target: the roll's own (dnd5e `flags.dnd5e.targets`, by its actor), else the GM's target.
 */
import { MODULE_ID } from "../base/constants.ts";
import { i18n, notify } from "../base/i18n.ts";
import { sawHook } from "../world/hooks-seen.ts";
import { generation } from "../world/compat.ts";
import { tokenByUuid } from "../documents/cast.ts";
import { grabbingAttacks } from "../documents/grab-attack.ts";
import { act } from "../cards/request-card.ts";

/** The message a menu entry was opened on: by the row's message id (an element, or a jQuery wrapper). */
function messageOf(li: unknown): ChatMessage.Implementation | undefined {
  const el = li instanceof HTMLElement ? li : ((li as { [0]?: unknown } | null)?.[0] as HTMLElement | undefined);
  const id = el instanceof HTMLElement ? (el.closest<HTMLElement>("[data-message-id]")?.dataset.messageId ?? el.dataset.messageId) : undefined;
  return id ? game.messages.get(id) : undefined;
}

/** The speaker's token of a message, where it names one on a scene. */
function speakerToken(m: ChatMessage.Implementation): TokenDocument.Implementation | null {
  const s = (m as unknown as { speaker?: { scene?: string | null; token?: string | null } }).speaker;
  if (!s?.scene || !s.token) return null;
  const scene = game.scenes.get(s.scene);
  return (scene?.tokens.get(s.token) as TokenDocument.Implementation | undefined) ?? null;
}

/** Every string under a message's flags (a few levels down): where a system names the item it rolled for. */
function flagStrings(v: unknown, depth = 0, out: string[] = []): string[] {
  if (depth > 4 || out.length > 200) return out;
  if (typeof v === "string") out.push(v);
  else if (Array.isArray(v)) for (const x of v.slice(0, 20)) flagStrings(x, depth + 1, out);
  else if (v && typeof v === "object") for (const x of Object.values(v as Record<string, unknown>).slice(0, 40)) flagStrings(x, depth + 1, out);
  return out;
}

/**
 * The roll's own targets (dnd5e keeps `{name, img, uuid, ac}` on an attack message, `uuid` the
 * target actor's: a token's own synthetic actor, or a world actor), found as a token on the
 * attacker's scene; else the GM's one target.
 */
function targetOf(m: ChatMessage.Implementation, attacker: TokenDocument.Implementation): TokenDocument.Implementation | null {
  const dnd = (m as unknown as { flags?: Record<string, { targets?: Array<{ uuid?: unknown }> } | undefined> }).flags?.dnd5e;
  const tokens = [...((attacker.parent as unknown as { tokens?: Iterable<TokenDocument.Implementation> } | null)?.tokens ?? [])];
  for (const t of Array.isArray(dnd?.targets) ? dnd.targets.slice(0, 20) : []) {
    if (typeof t?.uuid !== "string") continue;
    const uuid = t.uuid;
    const token = tokenByUuid(uuid) ?? tokens.find((x) => x.uuid !== attacker.uuid && ((x.actor as unknown as { uuid?: string } | null)?.uuid === uuid || x.actor?.id === uuid.split(".").at(-1)));
    if (token && token.uuid !== attacker.uuid) return token;
  }
  const mine = [...(game.user.targets ?? [])].map((x) => (x as unknown as { document?: TokenDocument.Implementation }).document).filter((x): x is TokenDocument.Implementation => !!x && x.uuid !== attacker.uuid);
  return mine.length === 1 ? (mine[0] as TokenDocument.Implementation) : null;
}

/** What the entry would do for a message: the grab (attacker, attack, target), or null when the message is no grabbing attack's roll. */
export function grabFromMessage(m: ChatMessage.Implementation | undefined): { attacker: TokenDocument.Implementation; attack: string; target: TokenDocument.Implementation | null } | null {
  if (!m) return null;
  // A roll, and not one of the module's own cards.
  const rolls = (m as unknown as { rolls?: unknown[] }).rolls;
  if (!Array.isArray(rolls) || rolls.length === 0) return null;
  const flags = (m as unknown as { flags?: Record<string, unknown> }).flags ?? {};
  if (flags[MODULE_ID] !== undefined) return null;
  const attacker = speakerToken(m);
  if (!attacker?.actor) return null;
  const grabs = grabbingAttacks(attacker.actor as Actor.Implementation);
  if (grabs.length === 0) return null;
  const named = new Set(flagStrings(flags));
  const attack = grabs.find((g) => named.has(g.key)) ?? grabs[0];
  if (!attack) return null;
  return { attacker, attack: attack.key, target: targetOf(m, attacker) };
}

/** Carries out the grab the message stands for, as the GM's own action: the host's roll made its to-hit. */
export async function grabFromRoll(m: ChatMessage.Implementation | undefined): Promise<void> {
  if (!game.user.isGM) return notify("warn", "WC.Refuse.notGM");
  const g = grabFromMessage(m);
  if (!g || !g.target) return notify("warn", "WC.Refuse.noGrabRoll");
  await act({ action: "grab", attackerUuid: g.attacker.uuid, defenderUuid: g.target.uuid, attack: g.attack, hostHit: true, declared: {} });
}

type Entry =
  | { name: string; icon: string; condition: (li: unknown) => boolean; callback: (li: unknown) => void }
  | { label: string; icon: string; visible: (li: unknown) => boolean; onClick: (event: unknown, li: unknown) => void };

const ICON = "fa-solid fa-hands-bound";

/** The entry in the shape of the running version (v13: name/condition/callback; v14: label/visible/onClick, as the tracker's). */
export function grabEntry(): Entry {
  const shown = (li: unknown) => game.user.isGM && grabFromMessage(messageOf(li)) !== null;
  const run = (li: unknown) => void grabFromRoll(messageOf(li));
  const name = i18n.localize("WC.Menu.grabFromRoll");
  if (generation() >= 14) return { label: name, icon: ICON, visible: shown, onClick: (_e, li) => run(li) };
  return { name, icon: `<i class="${ICON}"></i>`, condition: shown, callback: run };
}

export function listen(): void {
  Hooks.on("getChatMessageContextOptions" as never, ((_app: unknown, items: Entry[]) => {
    sawHook("getChatMessageContextOptions");
    if (Array.isArray(items)) items.push(grabEntry());
  }) as never);
}
