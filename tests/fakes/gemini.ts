import type { IncomingMessage, ServerResponse } from 'node:http';
import { chunkText, FakeCore, json, listen, moderatedText, readBody, tinyPng, type FakeServer, type RecordedRequest } from './fake-llm';

/**
 * A fake Gemini API speaking what @ai-sdk/google sends and expects:
 * POST /v1beta/models/<model>:streamGenerateContent?alt=sse (SSE of GenerateContentResponse),
 * POST /v1beta/models/<model>:generateContent, POST /v1beta/models/<model>:predict (Imagen).
 * Keys go in x-goog-api-key. Use `${fake.url}/v1beta` (or the bare url) as GEMINI_BASE_URL.
 */
export interface FakeGemini extends FakeServer {
  core: FakeCore;
  /** Requests received, oldest first. */
  readonly requests: RecordedRequest[];
}

const statusNames: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

function googleError(res: ServerResponse, status: number, message: string, extra: Record<string, string> = {}, details?: unknown[]) {
  json(res, status, { error: { code: status, message, status: statusNames[status] ?? 'UNKNOWN', ...(details ? { details } : {}) } }, extra);
}

const tokensOf = (s: string) => (s.match(/\S+/g) ?? []).length;

function promptText(body: unknown): string {
  const b = body as { contents?: { parts?: { text?: string }[] }[]; systemInstruction?: { parts?: { text?: string }[] } };
  const parts = [...(b.systemInstruction?.parts ?? []), ...(b.contents ?? []).flatMap((c) => c.parts ?? [])];
  return parts.map((p) => p.text ?? '').join(' ');
}

/** A non-streamed call asking for JSON (generationConfig.responseMimeType): how the app's moderation pass calls. */
function isJsonMode(raw: string): boolean {
  try {
    const b = JSON.parse(raw) as { generationConfig?: { responseMimeType?: string } };
    return b.generationConfig?.responseMimeType === 'application/json';
  } catch {
    return false;
  }
}

/** The text of the request's user turns. */
function userText(body: unknown): string {
  const b = body as { contents?: { role?: string; parts?: { text?: string }[] }[] };
  return (b.contents ?? [])
    .filter((c) => c.role === 'user')
    .flatMap((c) => c.parts ?? [])
    .map((p) => p.text ?? '')
    .join('\n');
}

export async function startFakeGemini(options: { apiKey?: string; models?: string[]; port?: number } = {}): Promise<FakeGemini> {
  const core = new FakeCore({
    apiKey: options.apiKey ?? 'fake-gemini-key',
    models: options.models ?? ['gemini-2.0-flash', 'gemini-2.5-flash', 'imagen-3.0-generate-002'],
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const m = /^(?:\/v1beta|\/v1)?\/models\/([^/:]+):(streamGenerateContent|generateContent|predict)$/.exec(url.pathname);
    const raw = await readBody(req);
    if (req.method !== 'POST' || !m) return googleError(res, 404, `Method not found: ${url.pathname}`);
    const [, model = '', method] = m;
    if (method === 'generateContent' && isJsonMode(raw)) return moderation(req, res, url.pathname, model, raw);
    const rec = core.record(req, url.pathname, model, method === 'predict' ? 'image' : 'text', raw);
    if (req.headers['x-goog-api-key'] !== core.apiKey) {
      return googleError(res, 400, 'API key not valid. Please pass a valid API key.', {}, [
        { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' },
      ]);
    }
    if (!core.models.has(model)) {
      return googleError(
        res,
        404,
        `models/${model} is not found for API version v1beta, or is not supported for ${method}. Call ListModels to see the list of available models and their supported methods.`,
      );
    }
    const failure = core.takeFailure();
    if (failure?.kind === 'reset') return void req.socket.resetAndDestroy();
    if (failure?.kind === 'status') {
      const headers: Record<string, string> = failure.retryAfter !== undefined ? { 'retry-after': String(failure.retryAfter) } : {};
      return googleError(res, failure.status, failure.message ?? `Fake failure ${failure.status}`, headers);
    }
    if (method === 'predict') {
      const count = Math.max(1, Number((rec.body as { parameters?: { sampleCount?: number } }).parameters?.sampleCount ?? 1));
      return json(res, 200, { predictions: Array.from({ length: count }, () => ({ bytesBase64Encoded: tinyPng, mimeType: 'image/png' })) });
    }
    const promptTokens = tokensOf(promptText(rec.body));
    const usage = (out: number) => ({ promptTokenCount: promptTokens, candidatesTokenCount: out, totalTokenCount: promptTokens + out });
    if (failure?.kind === 'safety-block') {
      const blocked = {
        promptFeedback: { blockReason: 'SAFETY', safetyRatings: [{ category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH' }] },
        usageMetadata: usage(0),
      };
      if (method === 'generateContent') return json(res, 200, blocked);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      return void res.end(`data: ${JSON.stringify(blocked)}\r\n\r\n`);
    }
    const chunks = chunkText(rec.reply, core.behaviour.tokensPerChunk);
    if (method === 'generateContent') {
      return json(res, 200, {
        candidates: [{ content: { parts: [{ text: rec.reply }], role: 'model' }, finishReason: 'STOP', index: 0 }],
        usageMetadata: usage(tokensOf(rec.reply)),
        modelVersion: model,
      });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    if (failure?.kind === 'hang') return void res.flushHeaders();
    let sent = 0;
    const last = chunks.length - 1;
    await core.stream(res, rec, chunks, (text, i) => {
      if (failure?.kind === 'cut' && i >= failure.afterChunks) {
        res.destroy();
        return false;
      }
      if (failure?.kind === 'safety-finish' && i >= failure.afterChunks) {
        const stop = {
          candidates: [
            { finishReason: 'SAFETY', index: 0, safetyRatings: [{ category: 'HARM_CATEGORY_HARASSMENT', probability: 'MEDIUM' }] },
          ],
          usageMetadata: usage(sent),
        };
        res.end(`data: ${JSON.stringify(stop)}\r\n\r\n`);
        return false;
      }
      sent += tokensOf(text);
      const candidate: Record<string, unknown> = { content: { parts: [{ text }], role: 'model' }, index: 0 };
      if (i === last) candidate.finishReason = 'STOP';
      const event = { candidates: [candidate], usageMetadata: usage(sent), modelVersion: model, responseId: 'fake-response' };
      res.write(`data: ${JSON.stringify(event)}\r\n\r\n`);
      if (i === last) res.end();
      return true;
    });
  }

  /** A moderation request (JSON mode, not streamed): answered from the moderation script, recorded apart. */
  function moderation(req: IncomingMessage, res: ServerResponse, path: string, model: string, raw: string) {
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      body = {};
    }
    const { answer } = core.moderate(req, path, model, raw, moderatedText(userText(body)));
    // The answer is decided (and the request recorded) on arrival, and sent after moderationMs.
    const answerNow = () => {
      if (req.headers['x-goog-api-key'] !== core.apiKey) return googleError(res, 400, 'API key not valid. Please pass a valid API key.');
      if (!core.models.has(model)) return googleError(res, 404, `models/${model} is not found for API version v1beta.`);
      const promptTokens = tokensOf(promptText(body));
      const usage = (out: number) => ({ promptTokenCount: promptTokens, candidatesTokenCount: out, totalTokenCount: promptTokens + out });
      const says = (text: string) =>
        json(res, 200, {
          candidates: [{ content: { parts: [{ text }], role: 'model' }, finishReason: 'STOP', index: 0 }],
          usageMetadata: usage(tokensOf(text)),
          modelVersion: model,
        });
      switch (answer.kind) {
        case 'verdict':
          return says(answer.text);
        case 'bad-json':
          return says('I think this message is fine.');
        case 'status':
          return googleError(res, answer.status, answer.message ?? `Fake failure ${answer.status}`);
        case 'reset':
        case 'cut':
          return void req.socket.resetAndDestroy();
        case 'hang':
          // No answer: the caller's timeout ends it (close() destroys the socket).
          return;
        case 'safety-block':
        case 'safety-finish':
          return json(res, 200, {
            promptFeedback: {
              blockReason: 'SAFETY',
              safetyRatings: [
                { category: 'HARM_CATEGORY_HARASSMENT', probability: 'NEGLIGIBLE' },
                { category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH', blocked: true },
              ],
            },
            usageMetadata: usage(0),
          });
      }
    };
    const delay = core.behaviour.moderationMs ?? 0;
    if (delay > 0) setTimeout(answerNow, delay);
    else answerNow();
  }

  const { info } = await listen(handle, options.port);
  return {
    ...info,
    core,
    get requests() {
      return core.requests;
    },
  };
}
