/**
 * What one browser tab keeps for itself while it works: the cards it is writing now, the requests
 * it waits on. Foundry runs one `game` per tab; the tests run several tabs side by side in one
 * process, so such state is kept per `game` rather than per copy of the module.
 */
const states = new WeakMap<object, Map<string, unknown>>();

export function tabState<T>(name: string, make: () => T): T {
  const key = (globalThis as { game?: object }).game ?? globalThis;
  let map = states.get(key);
  if (!map) {
    map = new Map();
    states.set(key, map);
  }
  if (!map.has(name)) map.set(name, make());
  return map.get(name) as T;
}
