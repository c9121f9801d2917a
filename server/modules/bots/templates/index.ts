import { assessmentDocBots } from './docbots-assessment';
import { familyDocBots } from './docbots-family';
import { literacyDocBots } from './docbots-literacy';
import { planningDocBots } from './docbots-planning';
import { chatTemplates } from './chatbots';
import { tutorTemplates } from './tutorbots';
import type { BuiltinTemplate } from './types';

/** Every built-in template, in the order the Templates tab lists them within a kind. */
export const builtinTemplates: readonly BuiltinTemplate[] = [
  ...planningDocBots,
  ...assessmentDocBots,
  ...literacyDocBots,
  ...familyDocBots,
  ...chatTemplates,
  ...tutorTemplates,
];

export type { BuiltinTemplate } from './types';
