import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { UPLOAD_FILE_ID_HEADER } from '../../../contract/files';
import { requireUser, type AppContext, type AppEnv } from '../../core/context';
import { AppError, errorJson } from '../../lib/errors';
import { assertMayUpload } from './files.policy';
import type { FileRow } from './files.presenter';
import { findOwnFile, formatBytes } from './files.service';
import { finishUpload, rememberUploadRequest, resumableUploads, subscriptionOf } from './files.tus';
import { logError } from '../../lib/log';
import { isMessage } from '../../../contract/i18n/message';
import { requestLocale } from '../../core/locale';
import { formatMessage, message, type ServerMessage } from '../../lib/message';

const notFoundUpload = () => new AppError('not_found', 404, message('uploadNotFound'));

/**
 * tus reads an upload id from the end of the whole URL, query and fragment included, while the
 * route reads it from the path: `/api/uploads/<own id>?x=/<other id>` would pass the owner check
 * on one id and act on the other. No tus client sends either, so refuse them outright.
 */
function assertPlainAddress(url: string): void {
  if (url.includes('?') || url.includes('#')) {
    throw new AppError('bad_request', 400, message('uploadNoQuery'));
  }
}

/**
 * /api/uploads: the tus protocol, with the authorization tus leaves to us. Creating needs a
 * teacher; HEAD, PATCH and DELETE need the upload's owner (anyone else gets 404, as if it did
 * not exist); GET is never served here (files are downloaded from /api/files/:id). An address with
 * a query string or fragment is refused (400), and tus only ever acts on the id checked here.
 */
export function uploadRoutes() {
  const routes = new Hono<AppEnv>();
  routes.all('/', handle);
  routes.all('/:id', handle);
  return routes;
}

async function handle(c: AppContext): Promise<Response> {
  const raw = c.req.raw;
  assertPlainAddress(raw.url);
  // Hono routes a HEAD through GET handlers: the raw request keeps the real method.
  const method = raw.method;
  const deps = c.get('deps');
  const uploads = resumableUploads(deps.config);
  if (method === 'OPTIONS') return uploads.server.handleWeb(raw);
  const user = await requireUser(c);
  const ctx = { user, deps };
  const id = c.req.param('id');

  if (method === 'POST') {
    if (id) throw notFoundUpload();
    assertMayUpload(await subscriptionOf(ctx));
  } else if (method === 'HEAD' || method === 'PATCH' || method === 'DELETE') {
    if (!id) throw notFoundUpload();
    const upload = await uploads.find(id);
    if (!upload || upload.metadata.ownerId !== user.id) {
      // A finished upload has become a file: answer HEAD as complete, so a client whose last
      // answer was lost finishes instead of starting again.
      const row = method === 'HEAD' ? await findOwnFile(deps.database.db, user.id, id) : undefined;
      if (row?.status === 'ready') return finishedHead(row);
      throw notFoundUpload();
    }
    if (method === 'HEAD' && upload.size !== undefined && upload.offset === upload.size) {
      return finishedHead(await finishUpload(ctx, uploads, id));
    }
  } else {
    throw notFoundUpload();
  }
  // tus acts on exactly the id checked above (see tusHooks' getFileIdFromRequest), never on one
  // it parses from the URL itself.
  rememberUploadRequest(raw, { ...ctx, uploadId: id });
  const res = await uploads.server.handleWeb(raw);
  return res.status >= 400 ? asJsonError(c, res, deps.config.files.maxFileBytes) : res;
}

function finishedHead(row: FileRow): Response {
  return new Response(null, {
    status: 200,
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': String(row.size),
      'Upload-Length': String(row.size),
      'Cache-Control': 'no-store',
      [UPLOAD_FILE_ID_HEADER]: row.id,
    },
  });
}

const tusMessages: Record<number, [string, ServerMessage]> = {
  404: ['not_found', message('uploadNotFound')],
  409: ['conflict', message('tusOffset')],
  410: ['not_found', message('tusExpired')],
  412: ['bad_request', message('tusResumable')],
  415: ['unsupported_type', message('tusContentType')],
};

/** Rewraps tus's plain-text failures (and our hooks' errors) as the app's one JSON error body, in the request's language. */
async function asJsonError(c: AppContext, res: Response, maxFileBytes: number): Promise<Response> {
  const requestId = c.get('requestId');
  const body = await res.text();
  let code: string;
  let text: ServerMessage;
  try {
    // A hook's AppError (TusHookError): its code, message id and values.
    const parsed = JSON.parse(body) as { error: { code: string; text: ServerMessage } };
    ({ code, text } = parsed.error);
    if (typeof code !== 'string' || !isMessage(text)) throw new TypeError('not a hook error');
  } catch {
    const known = tusMessages[res.status];
    if (res.status === 413) [code, text] = ['payload_too_large', message('tusTooLarge', { size: formatBytes(maxFileBytes) })];
    else if (res.status === 400) [code, text] = ['bad_request', message('tusNotUnderstood', { detail: body.trim() })];
    else if (known) [code, text] = known;
    else {
      // Not tus's text: it may name the upload's file.
      logError(requestId, `${c.req.method} /api/uploads: the tus server answered ${res.status}`);
      [code, text] = ['internal', message('internal')];
    }
  }
  const headers = new Headers(res.headers);
  headers.delete('Content-Length');
  headers.set('Content-Type', 'application/json');
  return c.body(
    JSON.stringify(errorJson(code, formatMessage(text, requestLocale(c)), requestId)),
    res.status as ContentfulStatusCode,
    Object.fromEntries(headers),
  );
}
