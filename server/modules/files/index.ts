// The files module's front door: the only file other server code imports from this module.
export { assertMayUpload } from './files.policy';
export { type FileRow } from './files.presenter';
export { keepPendingFiles } from './files.pending';
export { filesRoutes, isFileBodyPath } from './files.routes';
export { fileResponse, serveFile } from './files.serve';
export {
  assertStorageLeft,
  deleteAllFilesOf,
  findOwnFile,
  openFile,
  quotaFor,
  storeBufferAsFile,
  usedBytes,
  type FilesDeps,
} from './files.service';
export { sweepFiles } from './files.sweep';
export { uploadRoutes } from './uploads.routes';
