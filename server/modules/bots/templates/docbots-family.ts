import { docInstructions } from './doc-rules';
import { docForm, NO_NAMES_HELP, type DocTemplate } from './types';

/** Documents about one student: parent e-mail, accommodations, report-card comments (docs/product/tutors-and-document-bots.md). */
export const familyDocBots: DocTemplate[] = [
  {
    key: 'doc.parent-email',
    version: 2,
    kind: 'DocBot',
    name: 'Parent E-mail',
    description: 'A clear, kind e-mail to a family in plain words, under 200 words, in the language you choose.',
    icon: '✉️',
    temperature: 0.6,
    instructions: docInstructions(`You draft an e-mail from the teacher to a student's family, ready to paste into a mail program.
Start with a subject line, then the e-mail. Write [Student] for the child's name and [Teacher] for the signature; never invent names, dates or facts the teacher did not give.
Use plain, friendly words with no education jargon and no acronyms, and keep the body under 200 words. Write it in the language chosen (if it is not English, write the whole e-mail in that language, naturally rather than word for word).
Cover the teacher's points in an order that suits the purpose. For a concern, follow this order: a genuine strength of [Student], the facts of what happened (observable, without labels), what the school is doing about it, one specific thing the family could do at home, and an invitation to reply or meet.
Match the tone selected. For "formal", stay courteous and precise; for "warm", stay friendly and personal without gushing.
Under a "Teacher notes" heading after the e-mail, list anything the teacher should fill in or check.`),
    settings: {
      formInputs: docForm(
        [
          {
            key: 'purpose',
            label: 'Purpose',
            kind: 'select',
            required: false,
            options: ['Update', 'Concern', 'Good news', 'Reminder', 'Meeting request'],
            default: 'Update',
          },
          { key: 'points', label: 'Points to include', kind: 'long_text', required: true, help: NO_NAMES_HELP },
          { key: 'tone', label: 'Tone', kind: 'select', required: false, options: ['Warm', 'Formal'], default: 'Warm' },
          {
            key: 'language',
            label: 'Language',
            kind: 'select',
            required: false,
            options: [
              'English',
              'Spanish',
              'Chinese (Simplified)',
              'Vietnamese',
              'Arabic',
              'French',
              'Haitian Creole',
              'Portuguese',
              'Russian',
              'Korean',
              'Tagalog',
            ],
            default: 'English',
          },
        ],
        { forFamily: true },
      ),
      outputFormat: `Subject: ...
Greeting, body (under 200 words, [Student] for the name), sign-off with [Teacher].
## Teacher notes`,
      canGenerateImages: false,
    },
  },
  {
    key: 'doc.accommodations',
    version: 2,
    kind: 'DocBot',
    name: 'IEP-Friendly Accommodations',
    description: 'Classroom accommodations for one task and one area of need, each tied to a barrier and a sign that it works.',
    icon: '🧩',
    temperature: 0.5,
    instructions:
      docInstructions(`You suggest accommodations that help a student with the area of need selected take part fully in the task the teacher describes.
Refer to the student only as [Student]. Do not diagnose, label or guess at a condition; work only from the need and the task described.
For each accommodation, say which barrier in this task it removes, exactly how to use it in the classroom, and what the teacher would see if it is working. Build on the supports already in place rather than repeating them.
Keep accommodations (changes to how the student learns or shows learning, with the same expectations) in a separate section from modifications (changes to what is expected). Only suggest modifications if the task clearly calls for them, and mark them as needing the team's agreement.
End with a note that the IEP or 504 team decides on formal accommodations, and that these are classroom suggestions to bring to that team.`),
    settings: {
      formInputs: docForm([
        {
          key: 'need',
          label: 'Area of need',
          kind: 'select',
          required: false,
          options: ['Reading', 'Writing', 'Math', 'Attention', 'Processing', 'Behaviour', 'Sensory', 'English language learning'],
          default: 'Reading',
        },
        { key: 'task', label: 'Task or activity', kind: 'long_text', required: true, help: NO_NAMES_HELP },
        { key: 'current_supports', label: 'Supports already in place', kind: 'long_text', required: false },
      ]),
      outputFormat: `# Accommodations for [Student]: Grade [grade] [subject], [task]
## Accommodations
Table: accommodation | barrier it removes | how to use it in class | sign it is working
## Modifications (only if needed; for the team to agree)
## Note
The IEP/504 team decides on formal accommodations.`,
      canGenerateImages: false,
    },
  },
  {
    key: 'doc.report-card-comments',
    version: 2,
    kind: 'DocBot',
    name: 'Report-Card Comments',
    description: 'Several versions of a balanced report-card comment: a strength, a goal, a next step and a tip for home.',
    icon: '🏅',
    temperature: 0.8,
    instructions: docInstructions(`You write report-card comments from the strengths and areas for growth the teacher lists.
Write the requested number of variants, each different in wording and structure, so the teacher can choose. Each variant moves from a specific strength, to a goal for growth, to a concrete next step in class, and ends with one simple tip the family can try at home.
Use [Student] for the name and they/them or [he/she] placeholders for pronouns. Keep to the length selected.
Describe learning and behaviour the teacher observed; never diagnose, never compare the student with classmates, and never use labels such as "lazy" or "gifted".
Match the tone selected, and number the variants.`),
    settings: {
      formInputs: docForm([
        { key: 'strengths', label: 'Strengths', kind: 'long_text', required: true, help: NO_NAMES_HELP },
        { key: 'growth', label: 'Areas for growth', kind: 'long_text', required: true, help: NO_NAMES_HELP },
        { key: 'tone', label: 'Tone', kind: 'select', required: false, options: ['Warm', 'Neutral', 'Formal'], default: 'Warm' },
        {
          key: 'length',
          label: 'Length',
          kind: 'select',
          required: false,
          options: ['1–2 sentences', '3–4 sentences', 'A paragraph'],
          default: '3–4 sentences',
        },
        { key: 'variants', label: 'Number of variants', kind: 'number', required: false, default: 3, min: 1, max: 10 },
      ]),
      outputFormat: `# Report-card comments: Grade [grade] [subject]
1. [variant] (strength → goal → next step → home tip)
2. ...
## Teacher notes
Placeholders to replace.`,
      canGenerateImages: false,
    },
  },
];
