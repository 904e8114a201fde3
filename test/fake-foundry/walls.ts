/**
 * [C-87] A scene's walls as the fake models them (docs/foundry-contract.md): the scene's embedded
 * `walls` collection, each wall's data `c` = [x0, y0, x1, y1] in pixels, its movement restriction
 * `move` (CONST.WALL_MOVEMENT_TYPES: NONE 0, NORMAL 20), its door type `door` (CONST.WALL_DOOR_TYPES:
 * NONE 0, DOOR 1, SECRET 2) and the door's state `ds` (CONST.WALL_DOOR_STATES: CLOSED 0, OPEN 1,
 * LOCKED 2). The module only reads them; the tests put them in place directly.
 */
import { Collection } from "./collection.ts";

export interface FakeWall {
  readonly id: string;
  readonly documentName: "Wall";
  c: [number, number, number, number];
  move: number;
  door: number;
  ds: number;
}

export const WALL_MOVEMENT = { NONE: 0, NORMAL: 20 } as const;

let next = 0;

/** Gives a scene walls (its `walls` collection, made on first use) and returns the ones added. */
export function addWalls(scene: object, walls: ReadonlyArray<Partial<Omit<FakeWall, "id" | "documentName">> & { c: [number, number, number, number] }>): FakeWall[] {
  const holder = scene as { walls?: Collection<FakeWall> };
  holder.walls ??= new Collection<FakeWall>();
  return walls.map((w) => {
    const id = `wall${String(next++).padStart(12, "0")}`;
    const wall: FakeWall = { id, documentName: "Wall", move: WALL_MOVEMENT.NORMAL, door: 0, ds: 0, ...w };
    holder.walls?.set(id, wall);
    return wall;
  });
}
