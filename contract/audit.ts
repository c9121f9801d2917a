/**
 * The audit log's actions: every action the server writes, and the list superDash's Action filter
 * offers. The server's writer takes only these (recordAudit's type), so the filter cannot miss one.
 */
export const AUDIT_ACTIONS = [
  'subscription.grant',
  'subscription.extend',
  'subscription.revoke',
  'subscription.sync',
  'premium.request',
  'school_licence.create',
  'school_licence.update',
  'school_teacher.add',
  'school_teacher.edit',
  'school_teacher.remove',
  'school_teacher.import_add',
  'school_teacher.import_edit',
  'user.role',
  'ticket.reply',
  'ticket.close',
  'ticket.reopen',
  'student_data.delete',
  'lti_platform.create',
  'lti_platform.delete',
  'lti_key.rotate',
  'lti_course.link',
  'lti_course.sync',
  'lti_link.create',
  'classroom_course.import',
  'classroom_coursework.post',
  'crisis_lines.update',
  'school_safety.update',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
