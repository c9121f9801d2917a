/** Titles before a name, with or without a dot: "Mr", "Mrs.", "Dr", "Prof."... */
const honorific = /^(mr|mrs|ms|miss|mx|dr|prof|sr|sra|srta|mme|mlle|herr|frau|rev|fr|sir|dame)\.?$/i;

/**
 * Up to two initials of a display name: "Ada Lovelace" gives "AL", "plato" gives "P"; a title
 * before the name is skipped ("Mrs. Ada Lovelace" gives "AL"), unless it is the whole name.
 */
export function initialsOf(name: string): string {
  const all = name.trim().split(/\s+/).filter(Boolean);
  let start = 0;
  while (start < all.length - 1 && honorific.test(all[start]!)) start++;
  const words = all.slice(start);
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

/** One icon of the Trophy Chart: its key and what it says (null when the trophy's detail is not loaded). */
export interface TrophyIcon<T> {
  key: string;
  trophy: T | null;
}

/**
 * The Trophy Chart's icons: one per trophy of the total, at most `maxIcons`, each paired with the
 * loaded trophy at its place (newest first); a count ahead of the loaded list (an optimistic
 * update) draws plain icons for the rest until the list catches up.
 */
export function trophyIcons<T extends { id: string }>(count: number, trophies: readonly T[], maxIcons: number): TrophyIcon<T>[] {
  const { icons } = trophyDisplay(count, maxIcons);
  return Array.from({ length: icons }, (_, i) => {
    const trophy = trophies[i] ?? null;
    return { key: trophy ? trophy.id : `pending-${i}`, trophy };
  });
}
