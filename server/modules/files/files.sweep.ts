import { sweepPendingDeletions } from './files.manage';
import { sweepPendingUploads } from './files.pending';
import { sweepStuckFiles, type FilesDeps } from './files.service';
import { resumableUploads } from './files.tus';

/**
 * Reclaims storage: expired unfinished uploads, multipart leftovers, files stuck in processing
 * (a process that stopped mid-way) for longer than the upload expiry, bot editors' uploads that no
 * save used within PENDING_UPLOAD_HOURS (decision 283), and stored objects of deleted files whose
 * removal failed.
 */
export async function sweepFiles(deps: FilesDeps): Promise<{ uploads: number; stuck: number; pending: number; deleted: number }> {
  const uploads = await resumableUploads(deps.config).sweepExpired();
  const stuck = await sweepStuckFiles(deps);
  const pending = await sweepPendingUploads(deps);
  const deleted = await sweepPendingDeletions(deps);
  return { uploads, stuck, pending, deleted };
}
