import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { schema } from '../../db/client';

/**
 * Takes `ownerId`'s bots out of school `schoolId`'s sharing at once (a teacher removed from the
 * school's list): their school stamp is cleared, so the School tab and every visibility check stop
 * matching them on the next request. The visibility the owner chose is kept; their next save
 * stamps the school they then teach at, if any. Returns how many bots it took out.
 */
export async function withdrawFromSchool(db: Db | Tx, ownerId: string, schoolId: string): Promise<number> {
  const rows = await db
    .update(schema.bot)
    .set({ schoolId: null })
    .where(and(eq(schema.bot.ownerId, ownerId), eq(schema.bot.schoolId, schoolId)))
    .returning({ id: schema.bot.id });
  return rows.length;
}
