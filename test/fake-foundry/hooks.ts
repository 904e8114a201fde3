/** The hooks of one client (tab): each tab has its own `Hooks`. */
type Fn = (...args: never[]) => unknown;

/** [C-03] Hooks: `on`, `once`, `callAll` (every listener) and `call` (stops at the first false). */
export class FakeHooks {
  private readonly map = new Map<string, Array<{ fn: Fn; once: boolean }>>();
  on(name: string, fn: Fn): number {
    const list = this.map.get(name) ?? [];
    list.push({ fn, once: false });
    this.map.set(name, list);
    return list.length;
  }
  once(name: string, fn: Fn): number {
    const list = this.map.get(name) ?? [];
    list.push({ fn, once: true });
    this.map.set(name, list);
    return list.length;
  }
  callAll(name: string, ...args: unknown[]): true {
    for (const l of [...(this.map.get(name) ?? [])]) {
      if (l.once) this.map.set(name, (this.map.get(name) ?? []).filter((x) => x !== l));
      (l.fn as (...a: unknown[]) => unknown)(...args);
    }
    return true;
  }
  call(name: string, ...args: unknown[]): boolean {
    for (const l of [...(this.map.get(name) ?? [])]) {
      if (l.once) this.map.set(name, (this.map.get(name) ?? []).filter((x) => x !== l));
      if ((l.fn as (...a: unknown[]) => unknown)(...args) === false) return false;
    }
    return true;
  }
  count(name: string): number {
    return this.map.get(name)?.length ?? 0;
  }
}
