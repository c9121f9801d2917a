import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  filePurpose,
  pendingFlag,
  pendingPurposes,
  MULTIPART_MAX_BYTES,
  acceptedFileTypes,
  type FileList,
  type FileText,
  type StorageUsage,
} from '../../../contract/files';
import {
  deleteFilesInput,
  discardFilesInput,
  keepFilesInput,
  listMyFilesQuery,
  type DeleteFilesResult,
  type DiscardFilesResult,
  type KeepFilesResult,
  type MyFilesPage,
} from '../../../contract/my-files';
import { readJson, readQuery, requireUser, type AppEnv } from '../../core/context';
import { AppError, invalidFields } from '../../lib/errors';
import { deleteMyFiles, listMyFiles } from './files.manage';
import { discardPendingFiles, keepMyFiles } from './files.pending';
import { assertOwner, assertMayManageFiles, assertMayUpload } from './files.policy';
import { presentFile } from './files.presenter';
import { readableFile, serveFile } from './files.serve';
import { storeBufferAsFile, findOwnFile, formatBytes, listFiles, quotaFor, usedBytes } from './files.service';
import { subscriptionOf } from './files.tus';
import { message } from '../../lib/message';

/** Paths whose bodies are files, not JSON: the app's JSON body limit does not apply to them. */
export function isFileBodyPath(method: string, urlPath: string): boolean {
  return urlPath === '/api/uploads' || urlPath.startsWith('/api/uploads/') || (method === 'POST' && urlPath === '/api/files');
}

const multipartLimit = bodyLimit({
  // The form's own fields and boundaries come on top of the file.
  maxSize: MULTIPART_MAX_BYTES + 16 * 1024,
  onError: () => {
    throw new AppError(
      'payload_too_large',
      413,
      message('useResumableUploadAt', { size: formatBytes(MULTIPART_MAX_BYTES), path: '/api/uploads' }),
    );
  },
});

/** /api/files: small uploads in one request, the caller's files, downloads and deletion. */
export function filesRoutes() {
  const routes = new Hono<AppEnv>();

  routes.get('/', async (c) => {
    const user = await requireUser(c);
    const purpose = filePurpose.safeParse(c.req.query('purpose'));
    const rows = await listFiles(c.get('deps').database.db, user.id, purpose.success ? purpose.data : undefined);
    const body: FileList = { files: rows.map(presentFile) };
    return c.json(body);
  });

  routes.get('/usage', async (c) => {
    const user = await requireUser(c);
    const { config, database } = c.get('deps');
    const subscription = await subscriptionOf({ user, deps: c.get('deps') });
    const body: StorageUsage = {
      usedBytes: await usedBytes(database.db, user.id),
      quotaBytes: quotaFor(config, subscription),
      maxFileBytes: config.files.maxFileBytes,
      multipartMaxBytes: MULTIPART_MAX_BYTES,
      retryMaxMs: config.files.retryMaxMs,
      acceptedTypes: [...acceptedFileTypes],
    };
    return c.json(body);
  });

  // My Files: open to every teacher whatever their plan, since deleting is how a full quota is left.
  routes.get('/mine', async (c) => {
    const user = await requireUser(c);
    const query = readQuery(c, listMyFilesQuery);
    const deps = c.get('deps');
    const subscription = await subscriptionOf({ user, deps });
    assertMayManageFiles(subscription);
    const body: MyFilesPage = await listMyFiles(deps.database.db, user.id, query, quotaFor(deps.config, subscription));
    return c.json(body);
  });

  routes.post('/delete', async (c) => {
    const user = await requireUser(c);
    const input = await readJson(c, deleteFilesInput);
    const deps = c.get('deps');
    const subscription = await subscriptionOf({ user, deps });
    assertMayManageFiles(subscription);
    const body: DeleteFilesResult = await deleteMyFiles(
      { db: deps.database.db, config: deps.config },
      user.id,
      input.ids,
      quotaFor(deps.config, subscription),
    );
    return c.json(body);
  });

  // Keep: an editor's upload waits no longer for a save and stays a library file (decision 283).
  routes.post('/keep', async (c) => {
    const user = await requireUser(c);
    const input = await readJson(c, keepFilesInput);
    const deps = c.get('deps');
    assertMayManageFiles(await subscriptionOf({ user, deps }));
    const body: KeepFilesResult = { kept: await keepMyFiles(deps.database.db, user.id, input.ids) };
    return c.json(body);
  });

  // Discard: a bot editor left unsaved gives up its own uploads, best effort (decision 283). Only
  // the caller's files still waiting for a save and used by nothing go; any other id is left alone.
  routes.post('/discard', async (c) => {
    const user = await requireUser(c);
    const input = await readJson(c, discardFilesInput);
    const deps = c.get('deps');
    assertMayManageFiles(await subscriptionOf({ user, deps }));
    const body: DiscardFilesResult = {
      discarded: await discardPendingFiles({ db: deps.database.db, config: deps.config }, user.id, input.ids),
    };
    return c.json(body);
  });

  routes.post('/', multipartLimit, async (c) => {
    const user = await requireUser(c);
    const deps = c.get('deps');
    const subscription = await subscriptionOf({ user, deps });
    assertMayUpload(subscription);
    const form = await c.req.formData().catch(() => {
      throw new AppError('bad_request', 400, message('sendMultipart'));
    });
    const upload = form.get('file');
    if (!(upload instanceof File)) throw new AppError('bad_request', 400, message('sendMultipart'));
    const purpose = filePurpose.safeParse(form.get('purpose') ?? 'attachment');
    if (!purpose.success) throw invalidFields({ purpose: message('unknownPurpose') });
    // From a bot editor: the file waits for the bot's save (decision 283).
    const pending = pendingFlag.safeParse(form.get('pending') ?? undefined);
    if (!pending.success) throw invalidFields({ pending: message('pendingTrueFalse') });
    if (pending.data && !pendingPurposes.includes(purpose.data)) {
      throw invalidFields({ pending: message('pendingOnlyBots') });
    }
    if (upload.size > Math.min(MULTIPART_MAX_BYTES, deps.config.files.maxFileBytes)) {
      throw new AppError('payload_too_large', 413, message('useResumableUpload', { size: formatBytes(MULTIPART_MAX_BYTES) }));
    }
    const row = await storeBufferAsFile({ db: deps.database.db, config: deps.config }, subscription, {
      ownerId: user.id,
      data: Buffer.from(await upload.arrayBuffer()),
      name: upload.name,
      declaredType: upload.type,
      purpose: purpose.data,
      pending: pending.data,
    });
    return c.json(presentFile(row), 201);
  });

  routes.get('/:id/info', async (c) => {
    const user = await requireUser(c);
    const row = await findOwnFile(c.get('deps').database.db, user.id, c.req.param('id'));
    assertOwner(user, row);
    return c.json(presentFile(row));
  });

  // The extracted text, for attaching a PDF or Word file to a chat message. Same rule as a download.
  routes.get('/:id/text', async (c) => {
    const row = await readableFile(c, c.req.param('id'));
    if (!row.extractedText) throw new AppError('no_text', 422, message('noTextIn', { name: row.name }));
    c.header('Cache-Control', 'no-store');
    const body: FileText = { id: row.id, name: row.name, text: row.extractedText };
    return c.json(body);
  });

  routes.get('/:id', (c) => serveFile(c, c.req.param('id')));

  routes.delete('/:id', async (c) => {
    const user = await requireUser(c);
    const deps = c.get('deps');
    const row = await findOwnFile(deps.database.db, user.id, c.req.param('id'));
    assertOwner(user, row);
    // The same delete as My Files (one transaction, objects removed after it); the quota is only read for the answer.
    await deleteMyFiles({ db: deps.database.db, config: deps.config }, user.id, [row.id], 1);
    return c.body(null, 204);
  });

  return routes;
}
