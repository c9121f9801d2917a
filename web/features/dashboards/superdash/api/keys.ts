/** Query keys of superDash: everything under one root, so a change can refresh the whole page. */
export const superKeys = {
  all: ['superdash'] as const,
  totals: () => ['superdash', 'totals'] as const,
  schools: () => ['superdash', 'schools'] as const,
  ltiPlatforms: () => ['superdash', 'lti-platforms'] as const,
  crisisLines: () => ['superdash', 'crisis-lines'] as const,
  users: (email: string) => ['superdash', 'users', email] as const,
  errors: (requestId: string) => ['superdash', 'errors', requestId] as const,
  audit: (action: string, email: string) => ['superdash', 'audit', action, email] as const,
};
