import { sweepPendingDeletions } from './files.manage';
import { sweepStuckFiles, type FilesDeps } from './files.service';
import { resumableUploads } from './files.tus';

/**
 * Reclaims storage: expired unfinished uploads, multipart leftovers, files stuck in processing
 * (a process that stopped mid-way) for longer than the upload expiry, and stored objects of
 * deleted files whose removal failed.
 */
export async function sweepFiles(deps: FilesDeps): Promise<{ uploads: number; stuck: number; deleted: number }> {
  const uploads = await resumableUploads(deps.config).sweepExpired();
  const stuck = await sweepStuckFiles(deps);
  const deleted = await sweepPendingDeletions(deps);
  return { uploads, stuck, deleted };
}
