import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { strings } from '../../../lib/strings';
import { aiStatusQuery } from '../../ai/api/aiStatus';

/** Says plainly when replies come from the built-in test provider, or when AI is not set up at all. */
export function AiStatusNotice() {
  const { data } = useQuery({ ...aiStatusQuery(), staleTime: 60_000 });
  if (!data) return null;
  if (data.provider === 'not configured')
    return (
      <Alert severity="warning" sx={{ mb: 2 }}>
        {strings.runs.notConfigured}
      </Alert>
    );
  if (data.testProvider)
    return (
      <Alert severity="info" sx={{ mb: 2 }} data-testid="test-provider-notice">
        {data.notice ?? strings.runs.testProvider}
      </Alert>
    );
  return null;
}

/** Whether this installation can make images (GET /api/ai). */
export function useImagesAvailable(): boolean {
  const { data } = useQuery({ ...aiStatusQuery(), staleTime: 60_000 });
  return data?.images ?? false;
}
