import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';

/**
 * The PostgreSQL extensions the migrations create, as PGlite loads them: every PGlite.create
 * passes these (the migration's CREATE EXTENSION, and every later start, need the files).
 * fuzzystrmatch gives levenshtein(), which the start page's search uses for typos.
 */
export const pgliteExtensions = { fuzzystrmatch };
