/**
 * A tab's frame runs only that tab's code, so whatever the browser calls back in this frame
 * (a promise reaction, an event listener, a timer, an animation frame) runs as this tab's client:
 * `client.run(...)`, which the fake's `world.current()` then answers. This is the page's stand-in
 * for the AsyncLocalStorage the fake uses in Node. The tab's code is built for ES2016
 * (demo/vite.config.ts), so its every `await` is a promise reaction that passes through here.
 */
import type { FakeClient } from "../../test/fake-foundry/world.ts";

type Callback = (...args: unknown[]) => unknown;

export function bindRealm(win: Window & typeof globalThis, client: () => FakeClient | null): void {
  const enter = <T>(fn: () => T): T => {
    const c = client();
    return c ? c.run(fn) : fn();
  };
  const wrap = (fn: unknown): unknown => {
    if (typeof fn !== "function") return fn;
    const f = fn as Callback;
    return function (this: unknown, ...args: unknown[]) {
      return enter(() => f.apply(this, args));
    };
  };

  const proto = win.Promise.prototype;
  const then = proto.then;
  proto.then = function (this: Promise<unknown>, onFulfilled?: unknown, onRejected?: unknown) {
    return then.call(this, wrap(onFulfilled) as never, wrap(onRejected) as never);
  } as typeof proto.then;

  // One wrapper per listener, type and phase, so removeEventListener finds what was added.
  const wrappers = new WeakMap<object, Map<string, EventListener>>();
  const keyOf = (type: string, options: unknown) => `${type}|${typeof options === "boolean" ? options : (options as { capture?: boolean } | undefined)?.capture === true}`;
  const target = win.EventTarget.prototype;
  const add = target.addEventListener;
  const remove = target.removeEventListener;
  target.addEventListener = function (this: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) {
    if (!listener) return add.call(this, type, listener, options);
    let byKey = wrappers.get(listener);
    if (!byKey) wrappers.set(listener, (byKey = new Map()));
    const key = keyOf(type, options);
    let wrapped = byKey.get(key);
    if (!wrapped) {
      const call: Callback = typeof listener === "function" ? (listener as Callback) : (event) => listener.handleEvent(event as Event);
      wrapped = wrap(call) as EventListener;
      byKey.set(key, wrapped);
    }
    return add.call(this, type, wrapped, options);
  };
  target.removeEventListener = function (this: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions) {
    const wrapped = listener ? wrappers.get(listener)?.get(keyOf(type, options)) : undefined;
    return remove.call(this, type, wrapped ?? listener, options);
  };

  const timeout = win.setTimeout.bind(win);
  const interval = win.setInterval.bind(win);
  const frame = win.requestAnimationFrame.bind(win);
  const micro = win.queueMicrotask.bind(win);
  win.setTimeout = ((fn: unknown, ms?: number, ...args: unknown[]) => timeout(wrap(fn) as TimerHandler, ms, ...args)) as typeof win.setTimeout;
  win.setInterval = ((fn: unknown, ms?: number, ...args: unknown[]) => interval(wrap(fn) as TimerHandler, ms, ...args)) as typeof win.setInterval;
  win.requestAnimationFrame = (fn) => frame(wrap(fn) as FrameRequestCallback);
  win.queueMicrotask = (fn) => micro(wrap(fn) as VoidFunction);
}
