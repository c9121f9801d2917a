import { and, count, eq, isNull } from 'drizzle-orm';
import { isPremium, type LapsedWork, type Subscription } from '../../../contract/subscription';
import { schema, type Db } from '../../db/client';

/**
 * What a teacher still has running (open assignments, classes), so My Subscription can say what
 * keeps working after the plan lapses (docs/product/billing.md#when-premium-ends). Counts only, of the teacher's own rows.
 */
export async function lapsedWorkOf(db: Db, teacherId: string, sub: Subscription, freeMonthlyGenerations: number): Promise<LapsedWork> {
  const a = schema.assignment;
  const [open] = await db
    .select({ n: count() })
    .from(a)
    .where(and(eq(a.ownerId, teacherId), isNull(a.closedAt), isNull(a.deletedAt)));
  const [classes] = await db.select({ n: count() }).from(schema.teacherClass).where(eq(schema.teacherClass.ownerId, teacherId));
  return {
    premium: isPremium(sub.status),
    openAssignments: Number(open?.n ?? 0),
    classes: Number(classes?.n ?? 0),
    freeMonthlyGenerations,
  };
}
