/**
 * The core's dice port on real Foundry dice. Foundry evaluates rolls asynchronously and the
 * core asks for dice synchronously, so the core is run again with every die rolled so far
 * until it asks for none it lacks. The core is pure, so each run repeats the last exactly.
 * Every die is its own `Roll`, attached to the chat card for tooltips and Dice So Nice.
 */
import type { Dice } from "../../rules/index.ts";

class NeedDie {
  constructor(readonly sides: number) {}
}

function faceOf(roll: Roll): number {
  const face = roll.dice[0]?.results[0]?.result;
  if (face === undefined) throw new Error("weaponless-combat: a die roll had no result");
  return face;
}

export interface Rolled<T> {
  readonly value: T;
  readonly rolls: Roll[];
}

export async function withFoundryDice<T>(run: (dice: Dice) => T): Promise<Rolled<T>> {
  const pool: Array<{ sides: number; roll: Roll }> = [];
  for (;;) {
    let next = 0;
    const dice: Dice = {
      roll(sides: number): number {
        const entry = pool[next];
        if (!entry) throw new NeedDie(sides);
        if (entry.sides !== sides) throw new Error(`weaponless-combat: replay asked for d${sides} where d${entry.sides} was rolled`);
        next++;
        return faceOf(entry.roll);
      },
    };
    try {
      const value = run(dice);
      return { value, rolls: pool.slice(0, next).map((e) => e.roll) };
    } catch (e) {
      if (!(e instanceof NeedDie)) throw e;
      pool.push({ sides: e.sides, roll: await new Roll(`1d${e.sides}`).evaluate() });
    }
  }
}
