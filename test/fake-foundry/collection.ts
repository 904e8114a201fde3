/** Foundry's Collection: keyed by id like a Map, but iterating its values. */
export class Collection<T> {
  private readonly items = new Map<string, T>();
  get size(): number {
    return this.items.size;
  }
  get(id: string): T | undefined {
    return this.items.get(id);
  }
  has(id: string): boolean {
    return this.items.has(id);
  }
  set(id: string, v: T): this {
    this.items.set(id, v);
    return this;
  }
  delete(id: string): boolean {
    return this.items.delete(id);
  }
  keys(): IterableIterator<string> {
    return this.items.keys();
  }
  values(): IterableIterator<T> {
    return this.items.values();
  }
  entries(): IterableIterator<[string, T]> {
    return this.items.entries();
  }
  [Symbol.iterator](): IterableIterator<T> {
    return this.items.values();
  }
  get contents(): T[] {
    return [...this.items.values()];
  }
  find(pred: (v: T) => boolean): T | undefined {
    for (const v of this.items.values()) if (pred(v)) return v;
    return undefined;
  }
  filter(pred: (v: T) => boolean): T[] {
    return this.contents.filter(pred);
  }
  map<U>(fn: (v: T) => U): U[] {
    return this.contents.map(fn);
  }
  some(pred: (v: T) => boolean): boolean {
    return this.contents.some(pred);
  }
}
