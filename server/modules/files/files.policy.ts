import type { Subscription } from '../../../contract/subscription';
import { AppError, notFound } from '../../lib/errors';
import { message } from '../../lib/message';
import type { FileRow } from './files.presenter';

/**
 * Who may do what with files. Uploading is for teachers for now (students will attach files to a
 * tutor chat later); a file is read only by its owner, and knowledge files never by a student,
 * whose bots see their text only through the model.
 */
export function assertMayUpload(subscription: Subscription): void {
  if (subscription.status === 'error') {
    throw new AppError('unavailable', 503, message('subscriptionUnchecked'));
  }
  if (subscription.user_type !== 'teacher') throw new AppError('forbidden', 403, message('uploadsForTeachers'));
}

/**
 * My Files (list, delete) is for teachers of any plan: a free or lapsed teacher over the quota must
 * be able to delete their way out. Students own no files.
 */
export function assertMayManageFiles(subscription: Subscription): void {
  if (subscription.status === 'error') {
    throw new AppError('unavailable', 503, message('subscriptionUnchecked'));
  }
  if (subscription.user_type !== 'teacher') throw new AppError('forbidden', 403, message('myFilesForTeachers'));
}

/** Throws 404 unless this user may download the file (a refused file reads as missing). */
export function assertMayRead(
  actor: { id: string; userType: Subscription['user_type'] },
  file: FileRow | undefined,
): asserts file is FileRow {
  if (!file || file.ownerId !== actor.id || file.status !== 'ready') throw notFound(message('fileNotFound'));
  if (file.purpose === 'knowledge' && actor.userType === 'student') throw notFound(message('fileNotFound'));
}

/** Throws 404 unless this user owns the file (to see its details or delete it). */
export function assertOwner(actor: { id: string }, file: FileRow | undefined): asserts file is FileRow {
  if (!file || file.ownerId !== actor.id) throw notFound(message('fileNotFound'));
}
