export * from './api';
export * from './useSaveToSavedDocs';
