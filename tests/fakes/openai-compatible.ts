import type { IncomingMessage, ServerResponse } from 'node:http';
import { chunkText, FakeCore, json, listen, moderatedText, readBody, tinyPng, type FakeServer, type RecordedRequest } from './fake-llm';

/**
 * A fake OpenAI-compatible server (what Ollama, vLLM and LM Studio expose): POST
 * <base>/chat/completions (streamed as SSE chunks ending in [DONE], or whole) and
 * <base>/images/generations (b64_json). Use `${fake.url}/v1` as OPENAI_COMPATIBLE_BASE_URL.
 */
export interface FakeOpenAICompatible extends FakeServer {
  core: FakeCore;
  readonly requests: RecordedRequest[];
}

function openaiError(res: ServerResponse, status: number, message: string, code: string, headers: Record<string, string> = {}) {
  json(res, status, { error: { message, type: status === 429 ? 'rate_limit_error' : 'invalid_request_error', code } }, headers);
}

const tokensOf = (s: string) => (s.match(/\S+/g) ?? []).length;

export async function startFakeOpenAICompatible(
  options: { apiKey?: string; models?: string[]; port?: number } = {},
): Promise<FakeOpenAICompatible> {
  const core = new FakeCore({ apiKey: options.apiKey ?? 'fake-school-key', models: options.models ?? ['llama3.1', 'fake-image'] });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const raw = await readBody(req);
    const kind = url.pathname.endsWith('/chat/completions') ? 'text' : url.pathname.endsWith('/images/generations') ? 'image' : undefined;
    if (req.method !== 'POST' || !kind) return openaiError(res, 404, `Unknown path ${url.pathname}`, 'not_found');
    let model = '';
    try {
      model = String((JSON.parse(raw) as { model?: string }).model ?? '');
    } catch {
      return openaiError(res, 400, 'Invalid JSON body', 'invalid_json');
    }
    const parsed = JSON.parse(raw) as {
      stream?: boolean;
      response_format?: { type?: string };
      messages?: { role?: string; content?: unknown }[];
    };
    if (kind === 'text' && !parsed.stream && parsed.response_format && parsed.response_format.type !== 'text') {
      return moderation(req, res, url.pathname, model, raw, parsed.messages ?? []);
    }
    const rec = core.record(req, url.pathname, model, kind, raw);
    if (core.apiKey && req.headers.authorization !== `Bearer ${core.apiKey}`)
      return openaiError(res, 401, 'Invalid API key', 'invalid_api_key');
    if (!core.models.has(model)) return openaiError(res, 404, `The model \`${model}\` does not exist`, 'model_not_found');
    const failure = core.takeFailure();
    if (failure?.kind === 'status') {
      return openaiError(
        res,
        failure.status,
        failure.message ?? `Fake failure ${failure.status}`,
        'fake_failure',
        failure.retryAfter !== undefined ? { 'retry-after': String(failure.retryAfter) } : {},
      );
    }
    if (kind === 'image') return json(res, 200, { created: Math.floor(Date.now() / 1000), data: [{ b64_json: tinyPng }] });
    const body = rec.body as { stream?: boolean; messages?: { content?: unknown }[] };
    const promptTokens = tokensOf(JSON.stringify(body.messages ?? []));
    const created = Math.floor(Date.now() / 1000);
    const base = { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created, model };
    const text = failure?.kind === 'safety-block' ? '' : rec.reply;
    if (!body.stream) {
      return json(res, 200, {
        ...base,
        object: 'chat.completion',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: text },
            finish_reason: failure?.kind === 'safety-block' ? 'content_filter' : 'stop',
          },
        ],
        usage: { prompt_tokens: promptTokens, completion_tokens: tokensOf(text), total_tokens: promptTokens + tokensOf(text) },
      });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    if (failure?.kind === 'hang') return void res.flushHeaders();
    const finish = (reason: string, out: number) => {
      res.write(`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: {}, finish_reason: reason }] })}\n\n`);
      res.write(
        `data: ${JSON.stringify({ ...base, choices: [], usage: { prompt_tokens: promptTokens, completion_tokens: out, total_tokens: promptTokens + out } })}\n\n`,
      );
      res.end('data: [DONE]\n\n');
    };
    if (failure?.kind === 'safety-block') return finish('content_filter', 0);
    const chunks = chunkText(text, core.behaviour.tokensPerChunk);
    let sent = 0;
    await core.stream(res, rec, chunks, (t, i) => {
      if (failure?.kind === 'cut' && i >= failure.afterChunks) {
        res.destroy();
        return false;
      }
      if (failure?.kind === 'safety-finish' && i >= failure.afterChunks) {
        finish('content_filter', sent);
        return false;
      }
      sent += tokensOf(t);
      res.write(
        `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: t }, finish_reason: null }] })}\n\n`,
      );
      if (i === chunks.length - 1) finish('stop', sent);
      return true;
    });
  }

  /** A moderation request (response_format json, not streamed): answered from the moderation script, recorded apart. */
  function moderation(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    model: string,
    raw: string,
    messages: { role?: string; content?: unknown }[],
  ) {
    const user = messages
      .filter((m) => m.role === 'user')
      .map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)))
      .join('\n');
    const { answer } = core.moderate(req, path, model, raw, moderatedText(user));
    // The answer is decided (and the request recorded) on arrival, and sent after moderationMs.
    const answerNow = () => {
      if (core.apiKey && req.headers.authorization !== `Bearer ${core.apiKey}`)
        return openaiError(res, 401, 'Invalid API key', 'invalid_api_key');
      if (!core.models.has(model)) return openaiError(res, 404, `The model \`${model}\` does not exist`, 'model_not_found');
      const says = (content: string, finish = 'stop') =>
        json(res, 200, {
          id: 'chatcmpl-fake',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model,
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: finish }],
          usage: { prompt_tokens: tokensOf(user), completion_tokens: tokensOf(content), total_tokens: tokensOf(user) + tokensOf(content) },
        });
      switch (answer.kind) {
        case 'verdict':
          return says(answer.text);
        case 'bad-json':
          return says('I think this message is fine.');
        case 'status':
          return openaiError(res, answer.status, answer.message ?? `Fake failure ${answer.status}`, 'fake_failure');
        case 'reset':
        case 'cut':
          return void req.socket.resetAndDestroy();
        case 'hang':
          return;
        case 'safety-block':
        case 'safety-finish':
          return says('', 'content_filter');
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
