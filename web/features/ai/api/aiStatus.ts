import { queryOptions } from '@tanstack/react-query';
import { aiStatus } from '../../../../contract/ai';
import { apiRequest } from '../../../lib/http';

/**
 * What the AI engine offers and this month's usage. `testProvider` true means replies come from
 * the built-in test provider: show `notice` plainly wherever AI output appears.
 */
export const aiStatusQuery = () => queryOptions({ queryKey: ['ai-status'], queryFn: () => apiRequest('/api/ai', aiStatus) });
