/**
 * Who is in a grapple, for the variants whose rules reach beyond two creatures (a blow aimed at
 * one grappler may land on another): the creature named, then everyone linked to it through
 * holds, in the order the holds name them.
 */
export function grappleMembers(targetId: string, holds: ReadonlyArray<{ readonly holderId: string; readonly heldId: string }>): string[] {
  const members = [targetId];
  for (let i = 0; i < members.length; i++) {
    const id = members[i] as string;
    for (const h of holds) {
      if (h.holderId !== id && h.heldId !== id) continue;
      for (const other of [h.holderId, h.heldId]) if (!members.includes(other)) members.push(other);
    }
  }
  return members;
}
