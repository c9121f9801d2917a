/**
 * POST /api/lti/deep-link: the picker's choice, sent by a native form post (not fetch), since the
 * server answers with a page that posts the signed deep-linking response on to the course's LMS
 * (docs/decisions/261-lti-1-3.md). The form's fields are `request` (the signed request from the
 * page's address) and `assignmentId`.
 */
export const LTI_DEEP_LINK_ACTION = '/api/lti/deep-link';
