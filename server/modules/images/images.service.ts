import { and, eq, inArray } from 'drizzle-orm';
import { isUuid } from '../../../contract/common';
import { toAiError } from '../../ai/errors';
import { generateOneImage, localImageStore } from '../../ai/images';
import type { AppDeps, SessionUser } from '../../lib/context';
import { schema } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { preflight } from '../conversations/conversations.run';
import { finishUsage, reserveUsage, resolvePool } from '../usage/usage.service';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ImageRequest {
  prompt: string;
  idempotencyKey: string;
  /** The DocBot the image is made for (already checked by images.policy); recorded with the usage. */
  botId: string;
}

/**
 * Generates and stores one image. The request is claimed (a pending row under the idempotency key)
 * before the call, so a double submit makes one call and both answers carry the same file id.
 */
export async function generateImageFile(deps: AppDeps, actor: SessionUser, request: ImageRequest): Promise<string> {
  const { prompt, idempotencyKey, botId } = request;
  const { db } = deps.database;
  const existing = await findRequest(deps, actor.id, idempotencyKey);
  if (existing && existing.status !== 'failed') return awaitImage(deps, actor.id, existing.id);
  const provider = await preflight(deps, actor, prompt);
  if (!provider.image)
    throw new AppError(
      'ai_images_unavailable',
      503,
      `Image generation is not set up on this server. The operator sets ${provider.settings.imageModel}.`,
    );
  const pool = await resolvePool(db, deps.config.ai, actor.id, deps.config.supportEmail);
  const claim = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(schema.generatedImage)
      .values({ ownerId: actor.id, idempotencyKey, status: 'pending', prompt })
      .onConflictDoUpdate({
        target: [schema.generatedImage.ownerId, schema.generatedImage.idempotencyKey],
        set: { status: 'pending', updatedAt: new Date() },
        // Only a failed request may be claimed again; a pending or finished one is left alone.
        setWhere: eq(schema.generatedImage.status, 'failed'),
      })
      .returning({ id: schema.generatedImage.id });
    if (!row) return { claimed: false as const };
    const usageId = await reserveUsage(tx, {
      userId: actor.id,
      pool,
      kind: 'image',
      botId,
      conversationId: null,
      messageId: null,
      provider: provider.kind,
      model: provider.imageModelName ?? '',
    });
    return { claimed: true as const, id: row.id, usageId };
  });
  if (!claim.claimed) {
    const again = await findRequest(deps, actor.id, idempotencyKey);
    return awaitImage(deps, actor.id, again!.id);
  }
  try {
    const image = await generateOneImage(provider, deps.config.ai, prompt);
    const store = localImageStore(deps.config.dataDir);
    const relative = await store.save(claim.id, image.bytes, image.mime);
    await db
      .update(schema.generatedImage)
      .set({ status: 'complete', path: relative, mime: image.mime, bytes: image.bytes.byteLength, updatedAt: new Date() })
      .where(eq(schema.generatedImage.id, claim.id));
    await finishUsage(db, claim.usageId, { outcome: 'ok', images: 1, latencyMs: image.latencyMs });
    return claim.id;
  } catch (err) {
    const error = toAiError(err, provider, 'image');
    await db
      .update(schema.generatedImage)
      .set({ status: 'failed', errorCode: error.code, updatedAt: new Date() })
      .where(eq(schema.generatedImage.id, claim.id));
    await finishUsage(db, claim.usageId, { outcome: 'error', errorCode: error.code });
    throw error;
  }
}

async function findRequest(deps: AppDeps, ownerId: string, key: string) {
  const [row] = await deps.database.db
    .select()
    .from(schema.generatedImage)
    .where(and(eq(schema.generatedImage.ownerId, ownerId), eq(schema.generatedImage.idempotencyKey, key)));
  return row;
}

/** Waits (bounded) for a request another call is working on, and answers with its file id. */
async function awaitImage(deps: AppDeps, ownerId: string, id: string): Promise<string> {
  const deadline = Date.now() + deps.config.ai.requestTimeoutMs + 5000;
  for (;;) {
    const [row] = await deps.database.db
      .select()
      .from(schema.generatedImage)
      .where(and(eq(schema.generatedImage.id, id), eq(schema.generatedImage.ownerId, ownerId)));
    if (!row) throw notFound('The image');
    if (row.status === 'complete') return row.id;
    if (row.status === 'failed')
      throw new AppError(row.errorCode ?? 'ai_provider_unavailable', 503, 'This image could not be generated. Try again.');
    if (Date.now() > deadline) throw new AppError('ai_timeout', 504, 'The image is still being generated. Try again in a moment.');
    await sleep(200);
  }
}

/** The stored image of its owner, for GET /api/images/:id. */
export async function readImage(deps: AppDeps, ownerId: string, id: string) {
  if (!isUuid(id)) throw notFound('The image');
  const [row] = await deps.database.db
    .select()
    .from(schema.generatedImage)
    .where(
      and(
        eq(schema.generatedImage.id, id),
        eq(schema.generatedImage.ownerId, ownerId),
        inArray(schema.generatedImage.status, ['complete']),
      ),
    );
  if (!row?.path) throw notFound('The image');
  return { path: localImageStore(deps.config.dataDir).resolve(row.path), mime: row.mime ?? 'application/octet-stream' };
}
