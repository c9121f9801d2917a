/** An ASCII-only piece of a download's file name: letters, digits and dashes, at most 60 characters. */
export const asciiSlug = (s: string): string =>
  s
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
