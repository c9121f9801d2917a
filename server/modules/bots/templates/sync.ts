import { and, inArray, isNotNull, isNull, notInArray, or, sql } from 'drizzle-orm';
import { createBotInput } from '../../../../contract/bots';
import type { Db } from '../../../db/client';
import { schema } from '../../../db/client';
import { builtinTemplates, type BuiltinTemplate } from './index';

export interface TemplateSyncResult {
  inserted: number;
  updated: number;
  retired: number;
}

/** Fails loudly at start-up when a template would not pass the editor's own validation. */
function checkTemplate(t: BuiltinTemplate) {
  const parsed = createBotInput.safeParse({ ...t, icon: { type: 'emoji', emoji: t.icon } });
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(`Built-in template ${t.key} is invalid at ${first?.path.join('.')}: ${first?.message}`);
  }
}

/**
 * Installs the built-in templates: inserts new ones, rewrites a built-in row only when its
 * template's version went up, and hides (soft-deletes) built-ins no longer shipped. It touches
 * only rows without an owner, so teachers' copies never change. Idempotent, and safe when several
 * processes start at once: each row is one INSERT ... ON CONFLICT on the unique template_key.
 */
export async function syncBuiltinTemplates(db: Db, templates: readonly BuiltinTemplate[] = builtinTemplates): Promise<TemplateSyncResult> {
  templates.forEach(checkTemplate);
  const keys = templates.map((t) => t.key);
  if (new Set(keys).size !== keys.length) throw new Error('Two built-in templates share a key.');
  const b = schema.bot;
  return db.transaction(async (tx) => {
    let inserted = 0;
    let updated = 0;
    const now = new Date();
    for (const t of templates) {
      const content = {
        kind: t.kind,
        name: t.name,
        description: t.description,
        icon: t.icon,
        instructions: t.instructions,
        settings: t.settings as unknown as Record<string, unknown>,
        temperature: t.temperature,
        templateVersion: t.version,
      };
      const rows = await tx
        .insert(b)
        .values({ ...content, ownerId: null, visibility: 'public', templateKey: t.key, activeAt: now, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: b.templateKey,
          set: { ...content, version: sql`${b.version} + 1`, updatedAt: now, deletedAt: null },
          // Equal or older versions (another process got there first, or an older build) change nothing,
          // except that a template retired by an older build and shipped again comes back.
          setWhere: and(isNull(b.ownerId), or(sql`${b.templateVersion} < ${t.version}`, isNotNull(b.deletedAt))),
        })
        .returning({ fresh: sql<boolean>`(xmax = 0)` });
      const row = rows[0];
      if (row?.fresh) inserted++;
      else if (row) updated++;
    }
    const retired = await tx
      .update(b)
      .set({ deletedAt: now })
      .where(
        and(isNull(b.ownerId), isNotNull(b.templateKey), isNull(b.deletedAt), keys.length ? notInArray(b.templateKey, keys) : undefined),
      )
      .returning({ id: b.id });
    return { inserted, updated, retired: retired.length };
  });
}

/** The built-in rows of the given keys (tests and the CLI). */
export function findTemplateRows(db: Db, keys: string[]) {
  return db
    .select()
    .from(schema.bot)
    .where(and(isNull(schema.bot.ownerId), inArray(schema.bot.templateKey, keys)));
}
