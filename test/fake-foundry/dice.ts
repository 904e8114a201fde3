/**
 * Rolls: Roll#evaluate [C-40]; the faces come from the world's script (world.script); what a roll
 * keeps when it is sent with a chat message [C-127].
 */
import type { Data } from "./data.ts";
import { world } from "./active.ts";

export class FakeRoll {
  total = 0;
  /** The roll's options, and each die term's own (Dice So Nice reads `rollOrder` there). */
  options: Data = {};
  /** The data the formula was read against (Dice So Nice's documentation puts `actorId` there). */
  data: Data = {};
  readonly dice: Array<{ faces: number; results: Array<{ result: number; active: boolean }>; options?: Data }> = [];
  private readonly sides: number;
  constructor(readonly formula: string) {
    const m = /^1d(\d+)$/.exec(formula);
    if (!m) throw new Error(`fake Roll: only 1dN is modelled, got ${formula}`);
    this.sides = Number(m[1]);
  }
  /** [C-40] Roll#evaluate is asynchronous. */
  async evaluate(): Promise<this> {
    const face = world().nextFace(this.sides);
    this.dice.push({ faces: this.sides, results: [{ result: face, active: true }], options: {} });
    this.total = face;
    return this;
  }
  /**
   * [C-127] What a roll keeps on its way into a chat message: its class, options, formula, terms
   * (each die with its own options and results) and total; not the `data` it was read against.
   */
  toJSON(): Data {
    const terms = this.dice.map((d) => ({ class: "Die", number: 1, faces: d.faces, options: structuredClone(d.options ?? {}), results: structuredClone(d.results) }));
    return { class: "Roll", options: structuredClone(this.options), formula: this.formula, terms, total: this.total, evaluated: true };
  }
}
