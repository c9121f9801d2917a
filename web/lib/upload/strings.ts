/**
 * The upload client's UI text, in one place like web/lib/strings.ts (to be merged into it when the
 * web app's strings settle).
 */
export const uploadStrings = {
  chooseFile: 'Choose a file',
  cancel: 'Cancel upload',
  progressLabel: (name: string) => `Uploading ${name}`,
  progressText: (name: string, percent: number) => `Uploading ${name}: ${percent}%`,
  retrying: 'The connection dropped. Retrying...',
  uploaded: (name: string) => `${name} is uploaded.`,
  errors: {
    unauthenticated: 'You are signed out. Sign in again, then retry the upload.',
    quota: 'Your storage is full. Delete files you no longer need to make room.',
    forbidden: 'You are not allowed to upload here. Only teachers can upload files.',
    notFound: 'That file or upload no longer exists. It may have been deleted or expired; start the upload again.',
    retryLimit: (minutes: number) =>
      `The upload could not be finished: the server could not be reached for ${minutes === 1 ? 'a minute' : `${minutes} minutes`}. Check your connection and try again.`,
    tooLarge: 'This file is too large.',
    unsupported: 'This kind of file is not accepted.',
    cancelled: 'The upload was cancelled.',
    other: 'The upload failed. Try again; if it keeps happening, contact support.',
  },
};
