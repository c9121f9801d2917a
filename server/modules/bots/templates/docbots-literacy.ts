import { docInstructions } from './doc-rules';
import { docForm, type DocTemplate } from './types';

/** Literacy documents: reading passage, differentiated text, vocabulary list (docs/product/tutors-and-document-bots.md#docbot-forms). */
export const literacyDocBots: DocTemplate[] = [
  {
    key: 'doc.reading-passage',
    version: 2,
    kind: 'DocBot',
    name: 'Reading Passage with Questions',
    description: 'An original passage at the right level with numbered paragraphs, a glossary, text-dependent questions and a key.',
    icon: '📖',
    temperature: 0.7,
    instructions:
      docInstructions(`You write an original reading passage on the topic, in the chosen genre, at a reading level that fits the grade.
Aim for the requested length in words (if none is given, choose a length that suits the grade) and state the actual word count under the title. Number every paragraph so questions and answers can point to them. Facts in an informational or argument text must be accurate; do not quote real people.
After the passage, add a short glossary of the harder words, each explained in words the students know.
Write the requested number of text-dependent questions with the chosen focus (literal, inference, vocabulary in context, or a mix): each question can only be answered by reading the passage, not from general knowledge. Include one written-response item that asks for evidence, with a short mini-rubric for scoring it.
In the key after the --- line, give each answer with the paragraph numbers that support it.`),
    settings: {
      formInputs: docForm([
        { key: 'topic', label: 'Topic', kind: 'text', required: true },
        {
          key: 'genre',
          label: 'Genre',
          kind: 'select',
          required: false,
          options: ['Informational', 'Narrative', 'Poem', 'Argument'],
          default: 'Informational',
        },
        { key: 'words', label: 'Length', kind: 'number', required: false, min: 50, max: 2000, unit: 'words' },
        { key: 'questions', label: 'Number of questions', kind: 'number', required: false, default: 6, min: 1, max: 20 },
        {
          key: 'focus',
          label: 'Question focus',
          kind: 'select',
          required: false,
          options: ['Literal', 'Inference', 'Vocabulary', 'Mixed'],
          default: 'Mixed',
        },
      ]),
      outputFormat: `# [Title]: Grade [grade] [subject] reading
Word count: [n]
Passage with numbered paragraphs: (1), (2), ...
## Glossary
Table: word | meaning
## Questions
Numbered; the last is a written response with its mini-rubric.
---
## Answer key
Table: question | answer | paragraph(s)`,
      canGenerateImages: true,
    },
  },
  {
    key: 'doc.differentiated-text',
    version: 2,
    kind: 'DocBot',
    name: 'Differentiated Text by Level',
    description: 'Rewrites one text at two or three reading levels that keep the same ideas and key terms, with shared questions.',
    icon: '🪜',
    temperature: 0.4,
    instructions:
      docInstructions(`You rewrite the source text the teacher pasted at the requested number of reading levels, so every student in the class can work on the same content.
Every version keeps all the main ideas and the key terms of the original, including the terms the teacher asks to keep. In the lower levels, keep each key term and define it in place, in simple words, the first time it appears; shorten sentences, make structure explicit and add signal words, but never drop an idea.
The highest level stays at the grade level given; the leveled versions are in addition to grade-level text, never a replacement for it.
Under each version's heading, give its word count and an approximate grade level.
Then write a few discussion or comprehension questions that students at every level can answer, because the ideas are the same.
End with a short teacher note on what was changed in each version.`),
    settings: {
      formInputs: docForm([
        { key: 'source', label: 'Source text', kind: 'long_text', required: true, help: 'Paste the text to differentiate.' },
        { key: 'levels', label: 'Number of levels', kind: 'select', required: false, options: ['2', '3'], default: '3' },
        { key: 'terms_to_keep', label: 'Terms to keep', kind: 'text', required: false, help: 'Separate terms with commas.' },
      ]),
      outputFormat: `# [Title]: Grade [grade] [subject] text at [n] levels
## Level A (on grade), [word count] words, about grade [g]
## Level B, [word count] words, about grade [g]
## Level C (if three levels), [word count] words, about grade [g]
## Questions for every level
## Teacher notes
What changed in each version.`,
      canGenerateImages: false,
    },
  },
  {
    key: 'doc.vocabulary-list',
    version: 2,
    kind: 'DocBot',
    name: 'Vocabulary List',
    description: 'Words worth teaching, with student-friendly definitions, sentences in context, non-examples, practice and a key.',
    icon: '🔤',
    temperature: 0.5,
    instructions: docInstructions(`You choose and explain vocabulary from the topic or source the teacher gives.
Pick the requested number of words at the requested tier: tier 2 words are useful across many subjects (such as "analyze" or "contrast"); tier 3 words belong to the subject (such as "photosynthesis"). If a source text is given, take the words from it.
For each word give the part of speech, a kid-friendly definition in everyday language (never a dictionary definition that uses harder words), a sentence using it in the context of the topic, and a non-example that shows what the word does not mean.
With "Definitions + examples", add a second example sentence in a different context. With "Frayer model", give each word a Frayer layout: definition, characteristics, examples, non-examples.
Then write a short practice activity (for example matching or sentence completion) and put its key after the --- line.`),
    settings: {
      formInputs: docForm([
        { key: 'topic', label: 'Topic or source text', kind: 'long_text', required: true },
        { key: 'words', label: 'Number of words', kind: 'number', required: false, default: 10, min: 1, max: 30 },
        { key: 'tier', label: 'Word tier', kind: 'select', required: false, options: ['Tier 2', 'Tier 3', 'Mixed'], default: 'Mixed' },
        {
          key: 'depth',
          label: 'Depth',
          kind: 'select',
          required: false,
          options: ['Definitions', 'Definitions + examples', 'Frayer model'],
          default: 'Definitions + examples',
        },
      ]),
      outputFormat: `# [Topic]: Grade [grade] [subject] vocabulary
Table: word | part of speech | kid-friendly definition | sentence in context | non-example
(Frayer model: one small table per word)
## Practice
---
## Answer key`,
      canGenerateImages: false,
    },
  },
];
