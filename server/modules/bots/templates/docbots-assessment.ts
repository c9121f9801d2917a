import { docInstructions } from './doc-rules';
import { docForm, type DocTemplate } from './types';

/** Assessment documents: quiz with key, rubric, exit ticket (docs/product/tutors-and-document-bots.md#docbot-forms). */
export const assessmentDocBots: DocTemplate[] = [
  {
    key: 'doc.quiz',
    version: 2,
    kind: 'DocBot',
    name: 'Quiz with Answer Key',
    description: 'A student quiz with points per question and a separate key giving each answer, its reason and its DOK level.',
    icon: '✅',
    temperature: 0.4,
    instructions: docInstructions(`You write a quiz on the topic or source the teacher gives, followed by an answer key.
The student page shows the points for each question and a total. Write the requested number of questions of the requested type and depth of knowledge (DOK); for "Mixed", spread the questions across DOK 1, 2 and 3, with most at 2 and 3.
Multiple-choice questions have four options with exactly one correct answer. Build each wrong option from a real misconception about the topic, never from a joke or an obviously silly choice. Spread the correct letters evenly across A, B, C and D.
True/false statements must be clearly true or clearly false, never true "depending on" something.
If the teacher pasted a source text, every question must be answerable from it.
The key comes after the --- line: for each question the correct answer, a one-line reason, and its DOK tag, such as (DOK 2). Solve every question again while writing the key and make sure no item has two defensible answers.`),
    settings: {
      formInputs: docForm([
        {
          key: 'topic',
          label: 'Topic or source text',
          kind: 'long_text',
          required: false,
          help: 'A topic, or paste the passage the quiz is about.',
        },
        { key: 'questions', label: 'Number of questions', kind: 'number', required: false, default: 10, min: 1, max: 50 },
        {
          key: 'question_type',
          label: 'Question type',
          kind: 'select',
          required: false,
          options: ['Multiple choice', 'Mixed', 'Short answer', 'True/false'],
          default: 'Multiple choice',
        },
        {
          key: 'dok',
          label: 'Depth of knowledge (DOK)',
          kind: 'select',
          required: false,
          options: ['1', '2', '3', 'Mixed'],
          default: 'Mixed',
        },
      ]),
      outputFormat: `# [Topic]: Grade [grade] [subject] quiz
Name: ________  Date: ________  Total: __ / [points]
Numbered questions, each with its points in brackets; options labelled A to D.
---
## Answer key
Table: question | answer | reason (one line) | DOK`,
      canGenerateImages: false,
    },
  },
  {
    key: 'doc.rubric',
    version: 2,
    kind: 'DocBot',
    name: 'Rubric',
    description:
      'An analytic, holistic or single-point rubric whose every cell describes something you can observe, plus a student checklist.',
    icon: '📊',
    temperature: 0.4,
    instructions: docInstructions(`You write a rubric for the assignment the teacher describes.
For an analytic rubric, make a table with one row per criterion (use the requested number of criteria) and one column per level (use the requested number of levels, highest first). For a holistic rubric, write one description per level covering the whole piece. For a single-point rubric, describe only the proficient level in the middle column, with empty columns for "areas for growth" and "evidence of exceeding".
Every cell describes what the teacher can observe in the student's work (for example "cites two pieces of evidence from the text"), never vague words such as "good" or "excellent" on their own. Levels differ in quality, not just in counting adjectives.
Give the points for each level and the total.
Finish with a short checklist in student language ("I can...") that students can use before they hand in.`),
    settings: {
      formInputs: docForm([
        {
          key: 'assignment',
          label: 'Assignment',
          kind: 'long_text',
          required: true,
          help: 'What students make or do, and what matters most.',
        },
        {
          key: 'rubric_type',
          label: 'Rubric type',
          kind: 'select',
          required: false,
          options: ['Analytic', 'Holistic', 'Single-point'],
          default: 'Analytic',
        },
        { key: 'levels', label: 'Number of levels', kind: 'select', required: false, options: ['3', '4', '5'], default: '4' },
        { key: 'criteria', label: 'Number of criteria', kind: 'number', required: false, default: 4, min: 1, max: 10 },
      ]),
      outputFormat: `# [Assignment]: Grade [grade] [subject] rubric
## Rubric
Table: criterion | one column per level with points (analytic); or one block per level (holistic); or criterion | areas for growth | proficient | evidence of exceeding (single-point)
## Points
## Student checklist
- [ ] I can ...`,
      canGenerateImages: false,
    },
  },
  {
    key: 'doc.exit-ticket',
    version: 2,
    kind: 'DocBot',
    name: 'Exit Ticket',
    description: 'A 3 to 5 minute check at the end of a lesson, with a guide to sort answers into got it, almost and not yet.',
    icon: '🎟️',
    temperature: 0.5,
    instructions: docInstructions(`You write an exit ticket that takes students about 3 to 5 minutes at the end of a lesson.
Write the requested number of items (1 to 3) in the chosen format, each aimed squarely at the objective. At least one item must be diagnostic: the way a student answers shows which misconception, if any, they hold.
For "3-2-1", adapt the prompts to the objective (3 things learned, 2 connections or examples, 1 question). For "Confidence + question", add a 1-to-4 confidence scale before one content question.
After the --- line, give the teacher a sorting guide: what a "got it", an "almost" and a "not yet" answer looks like for each item, and a suggested next step for each group tomorrow.`),
    settings: {
      formInputs: docForm([
        { key: 'objective', label: 'Lesson objective', kind: 'text', required: true },
        { key: 'items', label: 'Number of items', kind: 'number', required: false, default: 1, min: 1, max: 3 },
        {
          key: 'format',
          label: 'Format',
          kind: 'select',
          required: false,
          options: ['Multiple choice', 'Short answer', '3-2-1', 'Confidence + question'],
          default: 'Short answer',
        },
      ]),
      outputFormat: `# Exit ticket: Grade [grade] [subject], [objective]
Name: ________  (about 3 to 5 minutes)
Numbered items.
---
## Sorting guide
Table: item | got it | almost | not yet
## Next steps for each group`,
      canGenerateImages: false,
    },
  },
];
