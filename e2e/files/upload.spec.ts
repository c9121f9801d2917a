// Behaviour: a teacher uploads a 1 MiB file through the shared upload client: resumable chunks that double in size, a progress bar to 100%, and a retry after a 503.
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileList } from '../../contract/files';
import { baseUrl, contextAs, useBrowser } from '../fixtures/browser';

const getBrowser = useBrowser();
let harness: string;

beforeAll(async () => {
  // Bundled here, from the real sources: the product's build holds nothing test-only.
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./upload-harness.tsx', import.meta.url))],
    bundle: true,
    write: false,
    format: 'iife',
    jsx: 'automatic',
    // What Vite would put in a production build (the API client reads the page's language, whose
    // pseudo-locales are on in development only).
    define: {
      'process.env.NODE_ENV': '"production"',
      'import.meta.env.DEV': 'false',
      'import.meta.env.MODE': '"production"',
      'import.meta.env.VITE_PSEUDO_LOCALES': 'undefined',
    },
    logLevel: 'silent',
  });
  harness = result.outputFiles[0]!.text;
});

describe('uploading a file', () => {
  it('shows progress to 100% and retries a chunk the server answered with 503', async () => {
    const context = await contextAs(getBrowser(), 'freeTeacher');
    const page = await context.newPage();
    // A bare page at the app's origin, so the upload requests carry the teacher's session.
    await page.route(`${baseUrl}/__upload-harness`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html lang="en"><title>Upload</title><main><div id="mount"></div></main></html>',
      }),
    );
    const patches: { size: number; status: number }[] = [];
    let failedOnce = false;
    await page.route(`${baseUrl}/api/uploads/*`, async (route, request: Request) => {
      if (request.method() !== 'PATCH') return route.continue();
      const size = request.postDataBuffer()?.length ?? 0;
      if (!failedOnce) {
        failedOnce = true;
        patches.push({ size, status: 503 });
        return route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: '{"error":{"code":"unavailable","message":"Try again","requestId":"e2e"}}',
        });
      }
      patches.push({ size, status: 204 });
      return route.continue();
    });
    await page.goto('/__upload-harness');
    await page.addScriptTag({ content: harness });

    const content = Buffer.from('The water cycle moves water between the sea, the air and the land. '.repeat(16_000).slice(0, 1024 * 1024));
    await page.locator('input[type="file"]').setInputFiles({ name: 'water-cycle.txt', mimeType: 'text/plain', buffer: content });
    await page.getByRole('status').filter({ hasText: 'water-cycle.txt is uploaded.' }).waitFor({ timeout: 30_000 });

    const seen = await page.evaluate(() => window.progressSeen);
    expect(seen.at(-1)).toBe(100);
    expect(seen.some((v) => v > 0 && v < 100)).toBe(true);
    // The first PATCH failed with 503 and was retried; chunks then doubled from 256 KiB.
    expect(patches).toEqual([
      { size: 256 * 1024, status: 503 },
      { size: 256 * 1024, status: 204 },
      { size: 512 * 1024, status: 204 },
      { size: 256 * 1024, status: 204 },
    ]);

    const uploaded = await page.evaluate(() => window.uploaded);
    expect(uploaded).toMatchObject({ name: 'water-cycle.txt', size: content.length, status: 'ready', hasText: true });
    const list = (await (await context.request.get(`${baseUrl}/api/files`)).json()) as FileList;
    expect(list.files.find((f) => f.id === uploaded?.id)?.sha256).toBe(createHash('sha256').update(content).digest('hex'));
    await context.close();
  });
});
