/**
 * The chat log as this tab shows it: every message the tab may see (a whisper only to its
 * recipients and author), in order, each drawn from its content and handed to the
 * renderChatMessageHTML hook as an HTMLElement, where the module binds its cards (buttons, hidden
 * numbers). A message that changes is drawn again and handed over again, as Foundry's log does.
 */
import type { FakeChatMessage } from "../../test/fake-foundry/world.ts";
import type { TabContext } from "./context.ts";
import { el } from "./context.ts";

const time = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit", second: "2-digit" });

export class ChatLog {
  private readonly shown = new Map<string, { li: HTMLElement; stamp: string }>();

  constructor(
    private readonly list: HTMLElement,
    private readonly ctx: TabContext,
  ) {}

  private stamp(m: FakeChatMessage): string {
    return `${m.content}\u0000${JSON.stringify(m.flags)}`;
  }

  private render(m: FakeChatMessage): HTMLElement {
    const li = el("li", "chat-message message flexcol");
    li.dataset.messageId = m.id;
    if (m.whisper.length > 0) li.classList.add("whisper");
    const header = el("header", "message-header");
    const alias = typeof m.speaker.alias === "string" && m.speaker.alias !== "" ? m.speaker.alias : m.author.name;
    header.append(el("h4", "message-sender", alias));
    const meta = el("span", "message-metadata");
    if (m.whisper.length > 0) {
      const to = m.whisper.map((id) => this.ctx.server.world.usersCollection.get(id)?.name ?? "?").join(", ");
      meta.append(el("span", "whisper-to", `to ${to}`));
    }
    meta.append(el("time", "message-timestamp", time.format(m.timestamp)));
    header.append(meta);
    const content = el("div", "message-content");
    // The content is the module's own card, rendered from its templates (names escaped there).
    content.innerHTML = m.content;
    li.append(header, content);
    this.ctx.client.Hooks.callAll("renderChatMessageHTML", m, li, { canDelete: this.ctx.user.isGM || m.author === this.ctx.user });
    return li;
  }

  sync(): void {
    const messages = this.ctx.server.world.messages.contents.filter((m) => m.visibleTo(this.ctx.user)).sort((a, b) => a.timestamp - b.timestamp);
    const ids = new Set(messages.map((m) => m.id));
    for (const [id, { li }] of this.shown) {
      if (ids.has(id)) continue;
      li.remove();
      this.shown.delete(id);
    }
    let added = false;
    let previous: HTMLElement | null = null;
    for (const m of messages) {
      const stamp = this.stamp(m);
      const had = this.shown.get(m.id);
      let li = had?.li;
      if (!had || had.stamp !== stamp) {
        const fresh = this.render(m);
        if (had) had.li.replaceWith(fresh);
        else added = true;
        li = fresh;
        this.shown.set(m.id, { li, stamp });
      }
      if (li && (li.parentElement !== this.list || li.previousElementSibling !== previous)) {
        if (previous) previous.after(li);
        else this.list.prepend(li);
      }
      previous = li ?? previous;
    }
    if (added) this.list.parentElement?.scrollTo({ top: this.list.parentElement.scrollHeight });
  }
}
