/**
 * The dice port. The rules core never draws random numbers itself: every die is asked of a
 * `Dice` the caller supplies (Foundry `Roll`s in the shell, scripted faces in tests, a seeded
 * generator in simulations), and every face it gets back is recorded in the result's trace.
 */
import { RulesInputError } from "./errors.ts";

export interface Dice {
  /**
   * One die with `sides` faces; returns a whole number from 1 to `sides`. `purpose` says what it
   * is for (the trace's name for it), for a caller that shows dice; the face never depends on it.
   */
  roll(sides: number, purpose?: string): number;
}

/** One die as the trace shows it: what it was for, its size and the face that came up. */
export interface DieRoll {
  readonly purpose: string;
  readonly sides: number;
  readonly face: number;
}

export function rollDie(dice: Dice, sides: number, purpose: string): DieRoll {
  const face = dice.roll(sides, purpose);
  if (!Number.isInteger(face) || face < 1 || face > sides) {
    throw new RulesInputError([{ path: "dice", code: "badFace", params: { sides, face: String(face) } }]);
  }
  return { purpose, sides, face };
}

/** A dice expression as the tables print it: `count`d`sides`, e.g. 2d4. */
export interface DiceFormula {
  readonly count: number;
  readonly sides: number;
}

export function formatFormula(f: DiceFormula): string {
  return `${f.count}d${f.sides}`;
}

export function rollFormula(dice: Dice, f: DiceFormula, purpose: string): { rolls: DieRoll[]; total: number } {
  const rolls: DieRoll[] = [];
  let total = 0;
  for (let i = 0; i < f.count; i++) {
    const r = rollDie(dice, f.sides, purpose);
    rolls.push(r);
    total += r.face;
  }
  return { rolls, total };
}

/** Dice that hand out scripted faces in order; used by tests and the golden vectors. */
export class ScriptedDice implements Dice {
  private next = 0;
  constructor(private readonly faces: ReadonlyArray<readonly [sides: number, face: number]>) {}

  roll(sides: number): number {
    const entry = this.faces[this.next];
    if (entry === undefined) {
      throw new ScriptError(`the core asked for d${sides} as die #${this.next + 1}, but the script has only ${this.faces.length} dice`);
    }
    if (entry[0] !== sides) {
      throw new ScriptError(`die #${this.next + 1}: the core asked for d${sides}, the script holds d${entry[0]}`);
    }
    this.next++;
    return entry[1];
  }

  /** Dice left unused; a golden vector fails unless this is 0. */
  get remaining(): number {
    return this.faces.length - this.next;
  }
}

export class ScriptError extends Error {
  override name = "ScriptError";
}

/**
 * A small, fast, seedable generator (mulberry32) for simulations and property tests. The core
 * itself never uses it; it is exported so that tests and benchmarks share one implementation.
 */
export class SeededDice implements Dice {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  roll(sides: number): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const u = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return 1 + Math.floor(u * sides);
  }
}
