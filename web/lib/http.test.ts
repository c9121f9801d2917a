import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createIntl } from 'react-intl';
import { ApiError, apiRequest, toApiError } from './http';
import { setActiveIntl } from './i18n/translate';
import en from './i18n/messages/en.json';
import es from './i18n/messages/es.json';

// The API client's own messages come from the page's catalogue (English here unless a test says otherwise).
beforeEach(() => setActiveIntl(createIntl({ locale: 'en', messages: en })));

const refusal = {
  error: {
    code: 'validation_failed',
    message: 'One field needs attention.',
    requestId: 'req-42',
    fields: { name: 'Give the bot a name.' },
  },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('toApiError', () => {
  it("reads the server's error body, parsed or as text", () => {
    for (const body of [refusal, JSON.stringify(refusal)]) {
      const err = toApiError(422, body);
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({
        status: 422,
        code: 'validation_failed',
        message: 'One field needs attention.',
        requestId: 'req-42',
        fields: { name: 'Give the bot a name.' },
        retryAfter: undefined,
      });
    }
  });

  it('keeps the seconds of Retry-After, and ignores the date form', () => {
    expect(toApiError(429, refusal, '30').retryAfter).toBe(30);
    expect(toApiError(429, refusal, 'Wed, 21 Oct 2026 07:28:00 GMT').retryAfter).toBeUndefined();
    expect(toApiError(429, refusal, null).retryAfter).toBeUndefined();
  });

  it('gives code unknown for anything that is not the error body', () => {
    for (const body of ['<html>Bad gateway</html>', '', null, { message: 'no envelope' }, { error: { code: 'x' } }]) {
      const err = toApiError(502, body);
      expect(err).toMatchObject({ status: 502, code: 'unknown', message: 'The server answered 502.', requestId: undefined });
    }
    setActiveIntl(createIntl({ locale: 'es', messages: es }));
    expect(toApiError(502, '<html>Bad gateway</html>').message).toBe('El servidor respondió 502.');
  });
});

describe('apiRequest', () => {
  it('throws the ApiError of a refused request', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(refusal), { status: 422 }))),
    );
    await expect(apiRequest('/api/bots', z.unknown(), { method: 'POST' })).rejects.toMatchObject({
      status: 422,
      code: 'validation_failed',
      requestId: 'req-42',
    });
  });

  it('says a request that got no answer is a network failure (status 0), and lets an abort through', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('fetch failed'))),
    );
    await expect(apiRequest('/api/me', z.unknown())).rejects.toMatchObject({ status: 0, code: 'network' });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new DOMException('The operation was aborted.', 'AbortError'))),
    );
    await expect(apiRequest('/api/me', z.unknown())).rejects.toMatchObject({ name: 'AbortError' });
  });
});
