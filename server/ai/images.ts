import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generateImage } from 'ai';
import type { AiConfig } from '../config';
import { AppError } from '../lib/errors';
import { AiTimeoutError } from './errors';
import type { AiProvider } from './providers';
import { withRetries } from './retry';

export interface GeneratedImageBytes {
  bytes: Uint8Array;
  mime: string;
  latencyMs: number;
}

/** One image from the provider's image model (Imagen's :predict, or /images/generations). */
export async function generateOneImage(provider: AiProvider, config: AiConfig, prompt: string): Promise<GeneratedImageBytes> {
  if (!provider.image) {
    throw new AppError(
      'ai_images_unavailable',
      503,
      `Image generation is not set up on this server. The operator sets ${provider.settings.imageModel}.`,
    );
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

/**
 * Where generated images go until the files module (server/storage) lands: DATA_DIR/generated,
 * one file per image, named by its row id. Swap this for the files table's writer then.
 */
export interface ImageStore {
  save(id: string, bytes: Uint8Array, mime: string): Promise<string>;
  resolve(relativePath: string): string;
}

const extensions: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

export function localImageStore(dataDir: string): ImageStore {
  const dir = path.join(dataDir, 'generated');
  return {
    async save(id, bytes, mime) {
      await mkdir(dir, { recursive: true });
      const name = `${id}.${extensions[mime] ?? 'bin'}`;
      await writeFile(path.join(dir, name), bytes);
      return path.join('generated', name);
    },
    resolve: (relativePath) => path.join(dataDir, relativePath),
  };
}
