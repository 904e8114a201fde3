/** Rolls: Roll#evaluate [C-40]; the faces come from the world's script (world.script). */
import type { Data } from "./data.ts";
import { world } from "./active.ts";

export class FakeRoll {
  total = 0;
  readonly dice: Array<{ faces: number; results: Array<{ result: number; active: boolean }> }> = [];
  private readonly sides: number;
  constructor(readonly formula: string) {
    const m = /^1d(\d+)$/.exec(formula);
    if (!m) throw new Error(`fake Roll: only 1dN is modelled, got ${formula}`);
    this.sides = Number(m[1]);
  }
  /** [C-40] Roll#evaluate is asynchronous. */
  async evaluate(): Promise<this> {
    const face = world().nextFace(this.sides);
    this.dice.push({ faces: this.sides, results: [{ result: face, active: true }] });
    this.total = face;
    return this;
  }
  toJSON(): Data {
    return { formula: this.formula, total: this.total };
  }
}
