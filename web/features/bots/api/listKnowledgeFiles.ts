import { useQuery } from '@tanstack/react-query';
import { myFilesPage, type MyFilesPage } from '../../../../contract/my-files';
import { apiRequest } from '../../../lib/http';
import { botKeys } from './keys';

/** GET /api/files/mine?kind=knowledge: the teacher's newest 100 knowledge files, for a bot's editor to add. */
export function listKnowledgeFiles(signal?: AbortSignal): Promise<MyFilesPage> {
  return apiRequest('/api/files/mine?kind=knowledge&sort=created&dir=desc&limit=100', myFilesPage, { signal });
}

export function useKnowledgeFiles() {
  return useQuery({ queryKey: botKeys.knowledgeFiles(), queryFn: ({ signal }) => listKnowledgeFiles(signal) });
}
