/** The module's conditions as Foundry status effects, registered at init with shipped icons. */
import type { ConditionId } from "../rules/index.ts";
import { ICONS, STATUS } from "./constants.ts";

const ENTRIES: ReadonlyArray<{ key: keyof typeof STATUS; icon: string }> = [
  { key: "held", icon: "held.svg" },
  { key: "holding", icon: "holding.svg" },
  { key: "grappled", icon: "grappled.svg" },
  { key: "prone", icon: "prone.svg" },
  { key: "stunned", icon: "stunned.svg" },
  { key: "unconscious", icon: "unconscious.svg" },
  { key: "pinned", icon: "pinned.svg" },
  { key: "subdued", icon: "subdued.svg" },
  { key: "immobilized", icon: "immobilized.svg" },
];

export function registerStatusEffects(): void {
  for (const e of ENTRIES) {
    const id = STATUS[e.key];
    if (CONFIG.statusEffects.some((s) => s.id === id)) continue;
    CONFIG.statusEffects.push({ id, name: `WC.Condition.${e.key}`, img: `${ICONS}/${e.icon}` });
  }
}

export function statusFor(condition: ConditionId): string {
  return STATUS[condition];
}

export function statusIcon(key: keyof typeof STATUS): string {
  return `${ICONS}/${ENTRIES.find((e) => e.key === key)?.icon ?? "held.svg"}`;
}
