export * from './saved';
export * from '../hooks/useSaveToSavedDocs';
