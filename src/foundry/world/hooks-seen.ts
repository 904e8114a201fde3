/** Which of Foundry's hooks have reached the module in this session (for the world check). */
const seen = new Set<string>();

export function sawHook(name: string): void {
  seen.add(name);
}

export function hooksSeen(): ReadonlySet<string> {
  return seen;
}
