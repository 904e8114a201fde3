// Helpers for the map tests: holds put in place directly (the grapple itself is tested
// elsewhere), tokens placed on the grid, moves made as a person makes them, and the wait for the
// module's follow-up (it carries a taken-over move out on the next task).
import { holdEffectPair } from "../../src/foundry/documents/holds.ts";
import { writeAll } from "../../src/foundry/gm/writes.ts";
import type { HoldRecord } from "../../src/rules/index.ts";
import type { FakeClient, FakeToken, FakeWorld } from "../fake-foundry/world.ts";
import type { Table } from "./setup.ts";
import { M, makeTable } from "./setup.ts";

/** Puts a hold in place as the module stores it: a pair of effects, one on each creature, and the ledger's entry, written as the GM's tab writes a result. */
export async function putHold(t: Table, holder: FakeToken, held: FakeToken, label: string, data: Record<string, unknown>, variant = "d12-holds"): Promise<HoldRecord> {
  const record: HoldRecord = { id: String(data.id), holderId: holder.uuid, heldId: held.uuid, label, data: { ...data, holderId: holder.uuid, heldId: held.uuid } };
  await t.gm.run(async () => {
    const [h, r] = holdEffectPair(record, held.actor as never, holder.actor as never, variant as never, `setup-${record.id}`);
    await writeAll({ actors: [h, r].map((x) => ({ actor: x.actor, creates: [x.data], updates: [], deletes: [], data: {} })) });
  });
  return record;
}

/** A d12-holds hold record's data (000): part, the adjusted d12, the size adjustment, the holder's size. */
export function d12Hold(id: string, part: string, holderSize: string, sizeAdjustment: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { id, part, result: 6, sizeAdjustment, holderSize, roundGained: 1, ...extra };
}

export function place(token: FakeToken, col: number, row: number, elevation = 0): void {
  token.x = col * token.parent.grid.sizeX;
  token.y = row * token.parent.grid.sizeY;
  token.elevation = elevation;
}

/** Lets the module's follow-up work finish: its next-task continuation, requests, dialogs. */
export async function settleMoves(world: FakeWorld): Promise<void> {
  for (let i = 0; i < 6; i++) {
    await new Promise((r) => setTimeout(r, 0));
    await world.settle();
  }
}

/** A person drags a token to a place (TokenDocument#move with the dragging method), and the module finishes. */
export async function drag(client: FakeClient, token: FakeToken, to: { x?: number; y?: number; elevation?: number }): Promise<boolean> {
  const moved = await client.run(() => token.move(to, { method: "dragging" }));
  await settleMoves(token.world);
  return moved;
}

export function holdHalves(...tokens: FakeToken[]) {
  return tokens.flatMap((tk) => [...tk.actor.effects].filter((e) => e.getFlag(M, "hold")));
}

export function warnings(client: FakeClient): string[] {
  return client.notifications.filter((n) => n.level === "warn").map((n) => n.message);
}

export function cardsWith(world: FakeWorld, flag: string) {
  return world.messages.contents.filter((m) => m.getFlag(M, flag));
}

/** The d12 map table: the ogre, the fighter and the goblin side by side in a row (columns 4, 5, 6). */
export function d12MapTable(generation: 13 | 14): Table {
  const t = makeTable({ world: { generation } });
  place(t.fighterToken, 5, 5);
  place(t.goblinToken, 6, 5);
  place(t.ogreToken, 4, 5);
  return t;
}
