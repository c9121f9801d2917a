/** Up to two initials of a display name: "Ada Lovelace" gives "AL", "plato" gives "P". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = Array.from(words[0]!)[0]!;
  const last = words.length > 1 ? Array.from(words[words.length - 1]!)[0]! : '';
  return (first + last).toUpperCase();
}

/** How many trophy icons to draw (at most 30) and the total to print. */
export function trophyDisplay(count: number, maxIcons: number): { icons: number; total: number } {
  const total = Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0;
  return { icons: Math.min(total, maxIcons), total };
}
