/**
 * The flag words that code outside the flags pages still reads (the drawer's item and badge, the
 * count buttons on the assignment table and the student's page). The flags pages themselves read
 * the `flags.*` catalogue keys (web/lib/i18n/messages), which hold these words in every language.
 */
export const flagStrings = {
  drawer: 'Flags',
  unreviewedCount: (n: number) => `${n} unreviewed`,
  openFlags: (n: number) => `${n} unreviewed ${n === 1 ? 'flag' : 'flags'}: open`,
};
