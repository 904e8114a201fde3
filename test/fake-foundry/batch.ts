/**
 * v14's batch [C-46]: foundry.documents.modifyBatch, several writes across documents in one
 * request, checked whole by its dry run; and its fault injection (`world.batchFault`), including
 * a batch that fails after every dry run passed, with the operations before the failure written
 * (foundryvtt#14174).
 */
import type { Data } from "./data.ts";
import { FakeActor } from "./documents.ts";
import { FakeScene } from "./scenes.ts";
import { FakeChatMessage } from "./chat.ts";
import type { PreparedWrite } from "./writes.ts";
import { merge, request } from "./writes.ts";
import type { FakeWorld } from "./world.ts";

/**
 * [C-46] v14's foundry.documents.modifyBatch: several writes across documents in one request,
 * all or nothing up to its dry run (any refusal there refuses the whole batch, nothing
 * written); see `batchFault` for what happens after it.
 */
export async function modifyBatch(world: FakeWorld, operations: Data[]): Promise<unknown[]> {
  if (world.generation < 14) throw new Error("fake: modifyBatch is v14's");
  const user = world.current().user;
  const prepare = operations.map((op) => (): PreparedWrite => {
    const { action, documentName, parent, data, updates, ids, ...options } = op as Data & { action: string; documentName: string; parent?: unknown; data?: Data[]; updates?: Data[]; ids?: string[] };
    if (documentName === "ActiveEffect") {
      if (!(parent instanceof FakeActor)) throw new Error("fake: an ActiveEffect batch operation needs its actor as parent");
      if (parent.isToken && !world.batchSyntheticParents) throw new Error("fake: this server does not batch writes on synthetic actors");
      if (action === "create") return parent.prepareCreate(data ?? [], options, user);
      if (action === "update") return parent.prepareUpdateEffects(updates ?? [], options, user);
      if (action === "delete") return parent.prepareDelete(ids ?? [], options, user);
    }
    if (documentName === "Actor" && action === "update" && parent === undefined) {
      return merge(
        (updates ?? []).map((u) => {
          const a = world.actors.get(String(u._id));
          if (!a) throw new Error(`Actor [${String(u._id)}] does not exist`);
          const rest: Data = { ...u };
          delete rest._id;
          return a.prepareUpdate(rest, options, user);
        }),
      );
    }
    if (documentName === "Token" && action === "update" && parent instanceof FakeScene) {
      const { movements, operation } = parent.movementsOf(updates ?? [], options, user);
      return parent.prepareTokenUpdates(updates ?? [], options, user, movements, operation);
    }
    // [C-46] The batch takes any kind of document (API: "multiple Document-modification operations").
    if (documentName === "ChatMessage" && world.batchChatMessages) {
      if (action === "create") return merge((data ?? []).map((d) => FakeChatMessage.prepareCreate(d, options as { keepId?: boolean }, user)));
      if (action === "update")
        return merge(
          (updates ?? []).map((u) => {
            const m = world.messages.get(String(u._id));
            if (!m) throw new Error(`ChatMessage [${String(u._id)}] does not exist`);
            const rest: Data = { ...u };
            delete rest._id;
            return m.prepareUpdate(rest, options, user);
          }),
        );
      if (action === "delete")
        return merge(
          (ids ?? []).map((id) => {
            const m = world.messages.get(id);
            if (!m) throw new Error(`ChatMessage [${id}] does not exist`);
            return m.prepareDelete(options, user);
          }),
        );
    }
    if (documentName === "Scene" && action === "update" && parent === undefined) {
      return merge(
        (updates ?? []).map((u) => {
          const sc = world.scenes.get(String(u._id));
          if (!sc) throw new Error(`Scene [${String(u._id)}] does not exist`);
          const rest: Data = { ...u };
          delete rest._id;
          return sc.prepareUpdate(rest, options, user);
        }),
      );
    }
    if (documentName === "Combat" && action === "update" && parent === undefined) {
      return merge(
        (updates ?? []).map((u) => {
          const c = world.combats.get(String(u._id));
          if (!c) throw new Error(`Combat [${String(u._id)}] does not exist`);
          const rest: Data = { ...u };
          delete rest._id;
          return c.prepareUpdate(rest, options, user);
        }),
      );
    }
    throw new Error(`fake: batch operation ${action} ${documentName} not modelled`);
  });
  // All or nothing: every operation is checked before any is applied.
  for (const f of prepare) f();
  // The chat messages it makes or changes, so a log can tell when each reached its state.
  const messages = (ops: readonly Data[]) =>
    ops.filter((o) => o.documentName === "ChatMessage" && o.action !== "delete").flatMap((o) => [...((o.data as Data[] | undefined) ?? []), ...((o.updates as Data[] | undefined) ?? [])].map((d) => String(d._id)));
  const fault = world.batchFault?.(operations) ?? null;
  if (fault === "empty") {
    await request(world, user, [], true);
    return [];
  }
  if (fault) {
    await request(world, user, prepare.slice(0, fault.failAt), true, messages(operations.slice(0, fault.failAt)));
    throw new Error(`fake: [foundryvtt#14174] batch operation ${fault.failAt} failed after every dry run passed; the ${fault.failAt} before it stay written`);
  }
  await request(world, user, prepare, true, messages(operations));
  return operations.map(() => []);
}
