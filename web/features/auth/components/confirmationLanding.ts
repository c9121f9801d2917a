import { EMAIL_CONFIRMED_CALLBACK } from '../../../../contract/account';

// The one query parameter of the landing address, e.g. confirmed=email.
const [marker, markerValue] = [...new URLSearchParams(EMAIL_CONFIRMED_CALLBACK.split('?')[1])][0]!;

/**
 * What a confirmation link's landing address says (better-auth appends `error` when the link did
 * not work): null when the page was not opened from one.
 */
export function confirmationLanding(params: URLSearchParams): 'confirmed' | 'expired' | 'invalid' | null {
  if (params.get(marker) !== markerValue) return null;
  const error = params.get('error');
  if (!error) return 'confirmed';
  return error === 'TOKEN_EXPIRED' ? 'expired' : 'invalid';
}
