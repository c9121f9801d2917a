import { useMutation } from '@tanstack/react-query';
import { importPreview, type ImportPreview } from '../../../../contract/teacher-lists';
import { apiRequest } from '../../../lib/http';

/** POST /api/school-admin/teachers/import/preview: every row's verdict; writes nothing. */
export function previewImport(csv: string): Promise<ImportPreview> {
  return apiRequest('/api/school-admin/teachers/import/preview', importPreview, { method: 'POST', body: { csv } });
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}
