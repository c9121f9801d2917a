import { sweepStuckFiles, type FilesDeps } from './files.service';
import { resumableUploads } from './files.tus';

/**
 * Reclaims storage: expired unfinished uploads, multipart leftovers and files stuck in processing
 * (a process that stopped mid-way) for longer than the upload expiry.
 */
export async function sweepFiles(deps: FilesDeps): Promise<{ uploads: number; stuck: number }> {
  const uploads = await resumableUploads(deps.config).sweepExpired();
  const stuck = await sweepStuckFiles(deps);
  return { uploads, stuck };
}
