import { sql, type SQLWrapper } from 'drizzle-orm';
import { z, type ZodType } from 'zod';
import { AppError } from './errors';
import type { ServerMessage } from './message';

/** Far above any real cursor (a row's id and sort key), far below what would cost anything to read. */
const MAX_CURSOR_CHARS = 2048;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/**
 * A row's timestamp as a cursor carries it: text with microseconds, since a JavaScript Date would
 * round it to milliseconds and skip or repeat rows. It must name a real instant PostgreSQL takes
 * (no February 30, no year 0), or the query would fail instead of the cursor.
 */
export const cursorTimestamp = z.iso.datetime({ precision: 6 }).refine((s) => !s.startsWith('0000'));

/** A timestamp column as cursorTimestamp reads it (UTC, microseconds). */
export const timestampText = (column: SQLWrapper) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export interface KeysetCursor<T> {
  /** The text a page hands out as `nextCursor`. */
  encode(key: T): string;
  /** The key a client sent back, checked against the shape; 400 `bad_cursor` when it is none, or when `accept` refuses it. */
  decode(raw: string, accept?: (key: T) => boolean): T;
}

/**
 * A keyset cursor: the last row's sort key as base64url JSON. A cursor that is damaged, from
 * another list or order, or names no position is a 400 with `expired` as its message, so it
 * never reaches the query.
 */
export function keysetCursor<T>(shape: ZodType<T>, expired: ServerMessage): KeysetCursor<T> {
  const bad = () => new AppError('bad_cursor', 400, expired);
  return {
    encode: (key) => Buffer.from(JSON.stringify(key)).toString('base64url'),
    decode(raw, accept = () => true) {
      if (raw.length > MAX_CURSOR_CHARS || !BASE64URL.test(raw)) throw bad();
      const bytes = Buffer.from(raw, 'base64url');
      // Node skips what it cannot decode; only the text the server wrote reads back the same.
      if (bytes.toString('base64url') !== raw) throw bad();
      let value: unknown;
      try {
        value = JSON.parse(bytes.toString('utf8'));
      } catch {
        throw bad();
      }
      const parsed = shape.safeParse(value);
      if (!parsed.success || !accept(parsed.data)) throw bad();
      return parsed.data;
    },
  };
}
