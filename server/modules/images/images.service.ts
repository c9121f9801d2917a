import { and, eq } from 'drizzle-orm';
import { isPremium } from '../../../contract/subscription';
import { toAiError } from '../../ai/errors';
import { generateOneImage, type GeneratedImageBytes } from '../../ai/images';
import type { AppDeps, SessionUser } from '../../core/context';
import { schema } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { message } from '../../lib/message';
import { preflight } from '../conversations';
import { assertMayUpload } from '../files';
import { assertStorageLeft, quotaFor, storeBufferAsFile, usedBytes } from '../files';
import { resolveSubscription } from '../../core/plan';
import { finishUsage, reserveUsage, resolvePool } from '../usage';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ImageRequest {
  prompt: string;
  idempotencyKey: string;
  /** The DocBot the image is made for (already checked by images.policy); recorded with the usage. */
  botId: string;
}

const extensions: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' };

/** The file name a generated image gets: its prompt, shortened, with the extension of its type. */
export function imageFileName(prompt: string, mime: string): string {
  const words = prompt
    .replace(/[\\/:*?"<>|\s]+/g, ' ')
    .trim()
    .slice(0, 80)
    .trim();
  return `${words || 'Generated image'}.${extensions[mime] ?? 'png'}`;
}

/**
 * Generates one image and stores it as a file of its owner (files module: the configured storage,
 * the storage quota, the files read rule). The request is claimed (a pending row under the
 * idempotency key) before the call, so a double submit makes one call; the claim's id is the
 * file's id, so both answers carry the same file id.
 */
export async function generateImageFile(deps: AppDeps, actor: SessionUser, request: ImageRequest): Promise<string> {
  const { prompt, idempotencyKey, botId } = request;
  const { db } = deps.database;
  const existing = await findRequest(deps, actor.id, idempotencyKey);
  if (existing && existing.status !== 'failed') return awaitImage(deps, actor.id, existing.id);
  const provider = await preflight(deps, actor, prompt);
  if (!provider.image)
    throw new AppError('ai_images_unavailable', 503, message('imagesNotSetUp', { setting: provider.settings.imageModel }));
  // A full storage refuses before the provider is paid for an image that could not be kept.
  const subscription = await resolveSubscription(db, { user: actor, settings: deps.config });
  assertMayUpload(subscription);
  assertStorageLeft(await usedBytes(db, actor.id), quotaFor(deps.config, subscription), isPremium(subscription.status));
  const pool = await resolvePool(db, deps.config.ai, actor.id, deps.config);
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
  // A failed request is marked so its key may be claimed again, and its usage is given back.
  const fail = async (err: unknown) => {
    const errorCode = err instanceof AppError ? err.code : 'internal';
    await db
      .update(schema.generatedImage)
      .set({ status: 'failed', errorCode, updatedAt: new Date() })
      .where(eq(schema.generatedImage.id, claim.id));
    await finishUsage(db, claim.usageId, { outcome: 'error', errorCode });
    return err;
  };
  let image: GeneratedImageBytes;
  try {
    image = await generateOneImage(provider, deps.config.ai, prompt);
  } catch (err) {
    throw await fail(toAiError(err, provider, 'image'));
  }
  try {
    // The same checks as an upload (type from the bytes, quota under the owner's lock), then storage.
    await storeBufferAsFile({ db, config: deps.config }, subscription, {
      id: claim.id,
      ownerId: actor.id,
      data: image.bytes,
      name: imageFileName(prompt, image.mime),
      declaredType: image.mime,
      purpose: 'image',
    });
    await db.update(schema.generatedImage).set({ status: 'complete', updatedAt: new Date() }).where(eq(schema.generatedImage.id, claim.id));
    await finishUsage(db, claim.usageId, { outcome: 'ok', images: 1, latencyMs: image.latencyMs });
    return claim.id;
  } catch (err) {
    throw await fail(err);
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
    if (!row) throw notFound(message('imageNotFoundThe'));
    if (row.status === 'complete') return row.id;
    if (row.status === 'failed') throw new AppError(row.errorCode ?? 'ai_provider_unavailable', 503, message('imageFailed'));
    if (Date.now() > deadline) throw new AppError('ai_timeout', 504, message('imageStillGenerating'));
    await sleep(200);
  }
}
