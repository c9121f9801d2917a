import { z } from 'zod';
import { text } from './common';

/**
 * Trophies (issue 16, item 1): a student earns them on an assignment record, from the teacher
 * (with a short reason, any number) or from the automatic rules the teacher sees and can switch off
 * per assignment (each at most once per record). Teacher side:
 * /api/assignments/:id/students/:recordId/trophies. Student side: GET /api/my-trophies.
 */

export const TROPHY_REASON_MAX = 200;
/** The most trophy icons the Trophy Chart shows (at most 30: docs/product/students-and-classes.md#trophies); the total is a number. */
export const TROPHY_ICONS_MAX = 30;

export const trophyKinds = ['teacher', 'keptGoing', 'hints', 'cameBack', 'early'] as const;
export const trophyKind = z.enum(trophyKinds);
export type TrophyKind = z.infer<typeof trophyKind>;

/** The automatic rules, as the teacher switches them per assignment (all on by default). */
export const trophyRuleKinds = ['keptGoing', 'hints', 'cameBack', 'early'] as const;
export type TrophyRuleKind = (typeof trophyRuleKinds)[number];
export const trophyRules = z.strictObject({
  keptGoing: z.boolean(),
  hints: z.boolean(),
  cameBack: z.boolean(),
  early: z.boolean(),
});
export type TrophyRules = z.infer<typeof trophyRules>;
export const defaultTrophyRules: TrophyRules = { keptGoing: true, hints: true, cameBack: true, early: true };

/**
 * What each rule rewards, as the teacher reads it beside its switch, and the reason a trophy it
 * awards carries (what the student reads on the icon). The server decides when each applies
 * (server/modules/trophies); these words must stay true to that.
 */
export const trophyRuleText: Record<TrophyRuleKind, { label: string; description: string; reason: string }> = {
  keptGoing: {
    label: 'Kept going',
    description: 'The tutor pointed out a mistake and the student kept working on it (two more messages).',
    reason: 'You kept going after a wrong answer.',
  },
  hints: {
    label: 'Worked through the hints',
    description: 'The student asked for hints and kept working after them (two hints, then two more messages).',
    reason: 'You worked through the hints.',
  },
  cameBack: {
    label: 'Came back',
    description: 'The student came back to the assignment on another day.',
    reason: 'You came back on another day.',
  },
  early: {
    label: 'Finished early',
    description: 'The student handed the work in before the due date.',
    reason: 'You finished before the due date.',
  },
};

/** POST /api/assignments/:id/students/:recordId/trophies: the teacher's award, with its reason. */
export const awardTrophyInput = z.strictObject({
  reason: text({
    trim: true,
    min: 1,
    max: TROPHY_REASON_MAX,
    required: 'Say what the trophy is for.',
    tooShort: 'Say what the trophy is for.',
    tooLong: `Keep the reason to ${TROPHY_REASON_MAX} characters.`,
  }),
});
export type AwardTrophyInput = z.input<typeof awardTrophyInput>;

/** One trophy as the teacher and the student see it. */
export const trophy = z.object({
  id: z.string(),
  kind: trophyKind,
  reason: z.string(),
  assignmentId: z.string(),
  assignmentTitle: z.string(),
  /** The record it belongs to (the teacher's table row). */
  recordId: z.string(),
  /** True for the teacher's own award (which they may take back); false for a rule's. */
  byTeacher: z.boolean(),
  awardedAt: z.string(),
});
export type Trophy = z.infer<typeof trophy>;

/** GET .../students/:recordId/trophies: one record's trophies, newest first. */
export const recordTrophies = z.object({ trophies: z.array(trophy) });
export type RecordTrophies = z.infer<typeof recordTrophies>;

/** GET /api/my-trophies: the student's total and their newest trophies (at most TROPHY_ICONS_MAX), newest first. */
export const myTrophies = z.object({ total: z.number().int(), trophies: z.array(trophy) });
export type MyTrophies = z.infer<typeof myTrophies>;
