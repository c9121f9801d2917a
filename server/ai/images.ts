import { generateImage } from 'ai';
import type { AiConfig } from '../config';
import { AppError } from '../lib/errors';
import { AiTimeoutError } from './errors';
import type { AiProvider } from './providers';
import { withRetries } from './retry';
import { message } from '../lib/message';

export interface GeneratedImageBytes {
  bytes: Uint8Array;
  mime: string;
  latencyMs: number;
}

/** One image from the provider's image model (Imagen's :predict, or /images/generations). */
export async function generateOneImage(provider: AiProvider, config: AiConfig, prompt: string): Promise<GeneratedImageBytes> {
  if (!provider.image) {
    throw new AppError('ai_images_unavailable', 503, message('imagesNotSetUp', { setting: provider.settings.imageModel }));
  }
  const model = provider.image;
  const started = performance.now();
  const abort = new AbortController();
  const timeout = setTimeout(() => abort.abort(new AiTimeoutError(config.requestTimeoutMs)), config.requestTimeoutMs);
  try {
    const result = await withRetries(
      () =>
        generateImage({
          model,
          prompt,
          n: 1,
          maxRetries: 0,
          abortSignal: abort.signal,
          ...(provider.kind === 'gemini' ? { aspectRatio: '1:1' as const } : {}),
        }),
      config.retry,
      abort.signal,
    );
    return {
      bytes: result.image.uint8Array,
      mime: result.image.mediaType || 'image/png',
      latencyMs: Math.round(performance.now() - started),
    };
  } catch (err) {
    throw abort.signal.reason instanceof AiTimeoutError ? abort.signal.reason : err;
  } finally {
    clearTimeout(timeout);
  }
}
