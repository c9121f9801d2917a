import type { GradeLevel } from '../../../contract/bots';
import type { Translate } from './useT';

/**
 * A grade level in the page's language. The value stays the contract's English (it is stored and
 * given to the model); only what the teacher reads is translated.
 */
export function gradeLevelLabel(grade: GradeLevel, t: Translate): string {
  const numbered = /^Grade (\d+)$/.exec(grade);
  if (numbered) return t('bots.grades.grade', { n: Number(numbered[1]) });
  switch (grade) {
    case 'Pre-K':
      return t('bots.grades.preK');
    case 'Kindergarten':
      return t('bots.grades.kindergarten');
    case 'Higher education':
      return t('bots.grades.higher');
    case 'Adult education':
      return t('bots.grades.adult');
    default:
      return grade;
  }
}
