/**
 * The core's dice port on real Foundry dice. Foundry evaluates rolls asynchronously and the
 * core asks for dice synchronously, so the core is run again with every die rolled so far
 * until it asks for none it lacks. The core is pure, so each run repeats the last exactly.
 * Every die is its own `Roll`, attached to the chat card for tooltips and Dice So Nice, in the
 * order the rules asked for them, each with what it was for (`purposes`, the trace's names).
 */
import type { Dice } from "../../rules/index.ts";

class NeedDie {
  constructor(
    readonly sides: number,
    readonly purpose: string,
  ) {}
}

function faceOf(roll: Roll): number {
  const face = roll.dice[0]?.results[0]?.result;
  if (face === undefined) throw new Error("weaponless-combat: a die roll had no result");
  return face;
}

export interface Rolled<T> {
  readonly value: T;
  readonly rolls: Roll[];
  /** What each of `rolls` was for, in the same order ("" where the rules did not say). */
  readonly purposes: string[];
}

export async function withFoundryDice<T>(run: (dice: Dice) => T): Promise<Rolled<T>> {
  const pool: Array<{ sides: number; purpose: string; roll: Roll }> = [];
  for (;;) {
    let next = 0;
    const dice: Dice = {
      roll(sides: number, purpose = ""): number {
        const entry = pool[next];
        if (!entry) throw new NeedDie(sides, purpose);
        if (entry.sides !== sides) throw new Error(`weaponless-combat: replay asked for d${sides} where d${entry.sides} was rolled`);
        next++;
        return faceOf(entry.roll);
      },
    };
    try {
      const value = run(dice);
      const used = pool.slice(0, next);
      return { value, rolls: used.map((e) => e.roll), purposes: used.map((e) => e.purpose) };
    } catch (e) {
      if (!(e instanceof NeedDie)) throw e;
      pool.push({ sides: e.sides, purpose: e.purpose, roll: await new Roll(`1d${e.sides}`).evaluate() });
    }
  }
}
