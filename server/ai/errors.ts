import { APICallError } from 'ai';
import { AppError } from '../lib/errors';
import type { AiProvider } from './providers';
import { notConfiguredMessage } from './providers';
import { message } from '../lib/message';

/** Why we aborted a provider call ourselves; read back from the signal's reason. */
export class AiTimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`The AI provider did not answer within ${Math.round(ms / 1000)} s.`);
  }
}

/** The user pressed Stop: the reply ends where it is and is kept. */
export class AiStoppedError extends Error {
  constructor() {
    super('Stopped by the user.');
  }
}

export const aiNotConfigured = () => new AppError('ai_not_configured', 503, notConfiguredMessage);

const retryableStatuses = new Set([429, 500, 503]);

/** Connection failures (refused, reset, DNS) surface from fetch as a TypeError with a cause. */
function isNetworkError(err: unknown): boolean {
  return err instanceof TypeError && /fetch failed|network|ECONN|socket/i.test(`${err.message} ${String(err.cause)}`);
}

/** A failure of the connection itself, before any answer: fetch's TypeError, or the socket error the SDK wraps. */
function isConnectionFailure(err: unknown): boolean {
  if (isNetworkError(err)) return true;
  const code = (err as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && /^(ECONN|EPIPE|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)/.test(code);
}

/** 429, 500 and 503 from the provider, and a connection that failed, are worth another try. */
export function isRetryable(err: unknown): boolean {
  // The SDK wraps a connection that failed as a call error without a status ("Cannot connect to API"):
  // a kept-alive socket the provider closed meanwhile is reset, and the next try opens a new one.
  if (APICallError.isInstance(err))
    return err.statusCode === undefined ? isConnectionFailure(err.cause) : retryableStatuses.has(err.statusCode);
  return isConnectionFailure(err);
}

/** The provider's own wait hint: Retry-After (seconds or a date), or Google's RetryInfo.retryDelay. */
export function retryAfterMs(err: unknown, now = Date.now()): number | undefined {
  if (!APICallError.isInstance(err)) return undefined;
  const header = err.responseHeaders?.['retry-after'];
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(header);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  const delay = /"retryDelay"\s*:\s*"(\d+(?:\.\d+)?)s"/.exec(err.responseBody ?? '');
  return delay ? Number(delay[1]) * 1000 : undefined;
}

function providerMessage(err: APICallError): string {
  try {
    const body = JSON.parse(err.responseBody ?? '') as { error?: { message?: string } | string };
    const msg = typeof body.error === 'string' ? body.error : body.error?.message;
    if (msg) return msg.slice(0, 300);
  } catch {
    // Not JSON: fall back to the SDK's message.
  }
  return err.message.slice(0, 300);
}

/**
 * Turns the final failure of a provider call into an AppError that names the cause and, where a
 * setting fixes it, the setting. `kind` says which model setting applies.
 */
export function toAiError(err: unknown, provider: AiProvider, kind: 'text' | 'image'): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof AiTimeoutError) {
    return new AppError('ai_timeout', 504, message('aiTimeout', { seconds: Math.round(err.ms / 1000) }));
  }
  const modelSetting = kind === 'text' ? provider.settings.textModel : provider.settings.imageModel;
  const modelName = kind === 'text' ? provider.textModelName : provider.imageModelName;
  // A connection that failed, after its retries (the SDK wraps it as a call error without a status).
  if (isConnectionFailure(err) || (APICallError.isInstance(err) && err.statusCode === undefined)) {
    return new AppError('ai_provider_unavailable', 503, message('aiUnreachable', { address: provider.settings.baseUrl }), {
      log: true,
      cause: err,
    });
  }
  if (APICallError.isInstance(err)) {
    const status = err.statusCode ?? 0;
    const detail = providerMessage(err);
    if (
      status === 401 ||
      status === 403 ||
      (status === 400 && /API_KEY_INVALID|API key not valid|api key/i.test(err.responseBody ?? detail))
    ) {
      return new AppError('ai_bad_key', 502, message('aiBadKey', { setting: provider.settings.key, detail }), { log: true, cause: err });
    }
    if (status === 404) {
      return new AppError('ai_model_not_found', 502, message('aiNoModel', { model: modelName ?? '', setting: modelSetting, detail }), {
        log: true,
        cause: err,
      });
    }
    if (status === 429) {
      const wait = retryAfterMs(err);
      const seconds = wait === undefined ? undefined : Math.max(1, Math.ceil(wait / 1000));
      return new AppError(
        'ai_provider_quota',
        503,
        seconds ? message('aiQuotaWait', { seconds, detail }) : message('aiQuotaLater', { detail }),
        seconds ? { headers: { 'Retry-After': String(seconds) } } : {},
      );
    }
    if (status >= 500) return new AppError('ai_provider_unavailable', 503, message('aiTrouble', { status }));
    return new AppError('ai_bad_request', 502, message('aiRefusedRequest', { detail }), { log: true, cause: err });
  }
  return new AppError(
    'ai_provider_unavailable',
    503,
    message('aiCallFailed', { detail: err instanceof Error ? err.message : String(err) }),
    {
      log: true,
      cause: err,
    },
  );
}
