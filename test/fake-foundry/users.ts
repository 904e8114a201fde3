/** Users: their roles [C-04], who is connected and the active GM [C-05], and the permission table [C-06]. */
import { Collection } from "./collection.ts";
import type { FakeToken } from "./scenes.ts";
import type { FakeWorld } from "./world.ts";

/** [C-04] User roles; a GM is an Assistant GM or a Game Master. */
export const ROLES = { NONE: 0, PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 } as const;

export class FakeUser {
  readonly targets = new Set<{ document: FakeToken }>();
  constructor(
    readonly world: FakeWorld,
    readonly id: string,
    readonly name: string,
    readonly role: number,
  ) {}
  get isGM(): boolean {
    return this.role >= ROLES.ASSISTANT;
  }
  get isSelf(): boolean {
    return this.world.current().user === this;
  }
  /** [C-05] A user is active while at least one of its tabs is connected. */
  get active(): boolean {
    return this.world.clients.some((c) => c.user === this);
  }
  /** [C-06] User#can: the world's permission table, by role. */
  can(permission: string): boolean {
    const minRole = this.world.permissions[permission];
    return minRole !== undefined && this.role >= minRole;
  }
}

export class FakeUsers extends Collection<FakeUser> {
  constructor(private readonly world: FakeWorld) {
    super();
  }
  /** [C-05] The active GM: the connected GM with the lowest id, the same on every client. */
  get activeGM(): FakeUser | null {
    const gms = [...this.values()].filter((u) => u.isGM && u.active).sort((a, b) => a.id.localeCompare(b.id));
    return gms[0] ?? null;
  }
}
