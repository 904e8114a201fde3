/**
 * The demo page's twin of test/fake-foundry/host.ts: what the fake takes from the page it runs in.
 *
 * In Node an AsyncLocalStorage carries "whose code is running" across awaits. Here the stores
 * keep their values in one context, and a promise reaction runs in the context that was current
 * when it was registered (Promise.prototype.then of this frame is wrapped for that): the page's
 * code is built for ES2016 (demo/vite.config.ts), so its every `await` is such a reaction. Each
 * client tab is a frame of its own whose code is only ever that tab's; it runs every callback the
 * browser gives it as its client (demo/tab/realm.ts). Between the two, the fake's
 * `world.current()` answers as it does in Node.
 *
 * The module's language file and templates are bundled into the page; a pause is one turn of a
 * message channel (a task, as setImmediate is in Node, without a timer's clamping).
 */
import type { ContextStore } from "../test/fake-foundry/host.ts";
import lang from "../lang/en.json?raw";

const templates = import.meta.glob<string>("../templates/**/*.hbs", { query: "?raw", import: "default", eager: true });

/** Every store's value where code runs now. */
type Context = ReadonlyMap<object, unknown>;
const EMPTY: Context = new Map();
let current: Context = EMPTY;

function within<R>(context: Context, fn: () => R): R {
  const before = current;
  current = context;
  try {
    return fn();
  } finally {
    current = before;
  }
}

export function contextStore<T>(): ContextStore<T> {
  const key = {};
  return {
    run: (value, fn) => within(new Map(current).set(key, value), fn),
    getStore: () => current.get(key) as T | undefined,
  };
}

// A reaction runs in the context its `then` was called in, as AsyncLocalStorage's do.
const then = Promise.prototype.then;
Promise.prototype.then = function (this: Promise<unknown>, onFulfilled?: unknown, onRejected?: unknown) {
  const context = current;
  const wrap = (fn: unknown) => (typeof fn === "function" && context !== EMPTY ? (value: unknown) => within(context, () => (fn as (v: unknown) => unknown)(value)) : fn);
  return then.call(this, wrap(onFulfilled) as never, wrap(onRejected) as never);
} as typeof Promise.prototype.then;

export function moduleFile(path: string): string {
  if (path === "lang/en.json") return lang;
  const text = templates[`../${path}`];
  if (text === undefined) throw new Error(`demo: the module has no file ${path}`);
  return text;
}

const channel = new MessageChannel();
const waiting: Array<() => void> = [];
channel.port1.onmessage = () => waiting.shift()?.();

export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(0);
  });
}
