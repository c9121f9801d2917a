/**
 * The sample content of the demo school: bots made from the built-in templates, finished runs and
 * Saved Docs items. Every text here was written by hand for the demo and says so; none of it comes
 * from an AI model, and the seed never calls one.
 */

/** Closes every sample reply and document, so nobody mistakes it for a model's output. */
export const SAMPLE_NOTE = '_Sample content from the demo data: written by hand, not by an AI model._';

const sample = (markdown: string) => `${markdown.trim()}\n\n${SAMPLE_NOTE}`;

/** One finished turn of a run: what the teacher sent and the reply, both stored as complete. */
export interface SampleTurn {
  user: string;
  reply: string;
}

export interface SampleBot {
  /** The built-in template the bot is a copy of. */
  templateKey: string;
  /** The teacher's name for their copy; the seed recognises an existing sample bot by it. */
  name: string;
  description: string;
  visibility: 'private' | 'school';
  /** A DocBot run's form, as the runner would fill it in. */
  form?: Record<string, string | number>;
  /** A finished run of the bot, if any, and what of it is kept in Saved Docs. */
  run?: { turns: SampleTurn[]; save: 'document' | 'conversation' };
}

/** The DocBot runner's first message (web/lib/strings.ts runs.doc.firstMessage). */
const DOC_FIRST_MESSAGE = 'Write the document from the form.';

const photosynthesisQuiz = sample(String.raw`
# Photosynthesis: Grade 7 Science quiz
Name: ________  Date: ________  Total: __ / 10

Plants make their own food in a process summed up by this equation:

$$6\,\mathrm{CO_2} + 6\,\mathrm{H_2O} \xrightarrow{\text{light}} \mathrm{C_6H_{12}O_6} + 6\,\mathrm{O_2}$$

1. Where in a plant cell does photosynthesis take place? [2 points]
   A. Mitochondria  B. Chloroplasts  C. Nucleus  D. Cell wall
2. Which gas do plants take in for photosynthesis? [2 points]
   A. Oxygen  B. Nitrogen  C. Carbon dioxide  D. Hydrogen
3. What is the main source of energy for photosynthesis? [2 points]
   A. Heat from the soil  B. Sunlight  C. Water  D. Sugar stored in the roots
4. A plant is kept in a dark cupboard for a week. What happens to its glucose production? [2 points]
   A. It stops or nearly stops  B. It doubles  C. It stays the same  D. It turns into oxygen
5. Using the equation above, how many molecules of oxygen are released for each molecule of glucose made? [2 points]
   A. 1  B. 2  C. 6  D. 12

---
## Answer key

| Question | Answer | Reason | DOK |
|---|---|---|---|
| 1 | B | Chlorophyll in the chloroplasts captures light. | DOK 1 |
| 2 | C | Carbon dioxide enters through the stomata. | DOK 1 |
| 3 | B | Light energy drives the reaction. | DOK 1 |
| 4 | A | Without light the reaction cannot run. | DOK 2 |
| 5 | C | The balanced equation shows $6\,\mathrm{O_2}$ per $\mathrm{C_6H_{12}O_6}$. | DOK 2 |
`);

const ratioWorksheet = sample(String.raw`
# Equivalent ratios: practice worksheet (Grade 7)

A recipe uses 3 cups of flour for every 4 cups of milk. Equivalent ratios keep the same value:

$$\frac{3}{4} = \frac{x}{12} \quad\Rightarrow\quad x = \frac{3 \times 12}{4} = 9$$

## Complete the ratio table

| Flour (cups) | 3 | 6 | __ | 12 |
|---|---|---|---|---|
| Milk (cups) | 4 | __ | 12 | __ |

## Solve

1. Find $x$ when $\frac{2}{5} = \frac{x}{20}$.
2. A map uses 1 cm for 25 km. How far apart are two towns that are 7 cm apart on the map?
3. Explain in one sentence why $\frac{6}{8}$ and $\frac{9}{12}$ are equivalent.
`);

const ratioHooks: SampleTurn = {
  user: 'Give me 5 hooks for a Grade 7 lesson on ratios.',
  reply: sample(`
Here are five hooks for a Grade 7 ratios lesson:

1. **Mystery smoothie**: show two smoothie recipes with different fruit-to-yoghurt ratios and ask which tastes "fruitier", then reveal the numbers. *(5 minutes, two recipe cards)*
2. **Shrink the class photo**: a photo printed at two sizes; students measure and ask whether the proportions changed. *(10 minutes, rulers)*
3. **Paint mixing**: two shades of green from 2:3 and 4:6 blue-to-yellow. Same colour? *(10 minutes, paint or an online mixer)*
4. **Sports stats**: two players with 12 of 20 and 18 of 30 free throws: who is better? *(5 minutes)*
5. **Map scale challenge**: how far is the school from the park, using only the map's scale? *(10 minutes, local map)*

Which one fits your class? I can turn it into steps, questions to ask and a quick check for understanding.
`),
};

const hookFollowUp: SampleTurn = {
  user: "Let's use the paint mixing one. What questions should I ask?",
  reply: sample(`
Good choice: it makes "equivalent" visible. Questions in order:

- *Before mixing:* "Predict: will 2 blue to 3 yellow look the same as 4 blue to 6 yellow? Why?"
- *After mixing:* "What do you notice? What stayed the same, what changed?"
- *Generalise:* "Give me another mix that makes the same green. How do you know?"
- *Check:* "Is 3 blue to 4 yellow the same green? Explain with a table."

Finish with an exit ticket: one equivalent ratio and one that is not, each with a reason.
`),
};

/** Every demo teacher's own library: one bot of each kind, a finished run, and Saved Docs items. */
export const teacherSampleBots: readonly SampleBot[] = [
  {
    templateKey: 'doc.quiz',
    name: 'Science Quiz Maker',
    description: 'Sample bot: quizzes with an answer key for my science units.',
    visibility: 'private',
    form: { grade: 'Grade 7', subject: 'Science', topic: 'Photosynthesis', questions: 5, question_type: 'Multiple choice', dok: 'Mixed' },
    run: { turns: [{ user: DOC_FIRST_MESSAGE, reply: photosynthesisQuiz }], save: 'document' },
  },
  {
    templateKey: 'chat.lesson-ideas',
    name: 'Lesson Idea Brainstormer',
    description: 'Sample bot: a colleague to brainstorm hooks and activities with.',
    visibility: 'private',
    run: { turns: [ratioHooks, hookFollowUp], save: 'conversation' },
  },
  {
    templateKey: 'tutor.socratic-math',
    name: 'Ratios Tutor',
    description: 'Sample bot: guides students through ratio problems with questions, never giving the answer.',
    visibility: 'private',
  },
];

/** Saved Docs items of every demo teacher that are not tied to a run. */
export const teacherSampleDocuments: readonly { title: string; body: string }[] = [
  { title: 'Equivalent ratios: practice worksheet', body: ratioWorksheet },
];

/** The bot one demo teacher shares with the whole school, so the school's library is not empty. */
export const sharedSchoolBot: SampleBot = {
  templateKey: 'doc.rubric',
  name: 'Riverside Lab Report Rubric',
  description: 'Sample bot shared with the school: the science department’s lab report rubric.',
  visibility: 'school',
};

// ---------- The demo class and its assignment (issue 14) ----------

/** The one demo teacher's class, with the demo school's students on its roster. */
export const demoClass = { name: 'Grade 7 Math', section: 'P3' } as const;

/**
 * The TutorBot assignment the demo teacher gives that class: their sample "Ratios Tutor" (a
 * Socratic tutor), due a week after the seed runs, with a message budget per student. The seed
 * recognises it by its title, deleted or not.
 */
export const demoAssignment = {
  botName: 'Ratios Tutor',
  title: 'Ratios practice: mixing paint',
  instructions:
    'A green paint uses 2 cups of blue for every 3 cups of yellow. How many cups of yellow go with 8 cups of blue? ' +
    'Work it out with the Ratios Tutor and show your thinking in each message: the tutor will not give you the answer. ' +
    'When you can explain your method in your own words, press "I\'m done".',
  dueInDays: 7,
  messageBudget: 30,
} as const;

/**
 * A finished tutor session, written by hand after the Socratic rules of docs/product/tutors-and-document-bots.md: the
 * first reply asks what the student tried, one idea and at most one question per turn, the slip
 * named and exposed with a question, the concept named, the right step confirmed only after the
 * student states it (arithmetic checked), specific praise, and a close with the student's own
 * summary and confidence. The answer never appears first in a reply.
 */
export const finishedTutorTurns: readonly SampleTurn[] = [
  {
    user: 'The problem says 2 cups of blue for every 3 cups of yellow. How much yellow for 8 cups of blue? Can you just tell me the answer?',
    reply: sample(`
I won't give you the answer, but I'll help you find it yourself, one step at a time.

First: what have you tried so far, or what do you already know about a ratio like 2 to 3?
`),
  },
  {
    user: 'I know a ratio compares two amounts. I added 6 to both, because 2 + 6 = 8, so 3 + 6 = 9 cups of yellow.',
    reply: sample(`
Good start: you kept blue and yellow in the same order, and you saw that blue has to go from 2 cups to 8.

Let's test the step where you added 6 to both. Take a recipe of 1 cup of blue to 2 cups of yellow: it has twice as much yellow as blue. Adding 6 to both gives 7 cups of blue to 8 cups of yellow. Does 7 to 8 still have twice as much yellow as blue?
`),
  },
  {
    user: "No, 8 isn't twice 7. So adding the same amount changes the mix?",
    reply: sample(`
Yes: adding the same amount to both parts changes the mix. The idea that keeps a mix the same is **equivalent ratios**: you multiply both parts by the same number, called the scale factor.

Look at the blue first. What number do you multiply 2 by to get 8?
`),
  },
  {
    user: '4, because 2 × 4 = 8.',
    reply: sample(`
Right: $2 \\times 4 = 8$, so your scale factor is 4.

Now use the same factor on the other part of the ratio. How many cups of yellow does that give you?
`),
  },
  {
    user: '3 × 4 = 12. So 12 cups of yellow.',
    reply: sample(`
I checked it: $3 \\times 4 = 12$, and 8 to 12 is equivalent to 2 to 3 because both parts were multiplied by 4. Finding the factor from the part you already knew was a strong move.

Can you explain in your own words why your first answer, 9 cups, would make a different green?
`),
  },
  {
    user: 'Adding 6 makes the yellow a smaller share. 8 to 9 is almost the same amount of each, but 2 to 3 has a lot more yellow. Multiplying keeps the same share.',
    reply: sample(`
That's a clear explanation: multiplying keeps each colour's share of the mix the same, and adding does not.

To finish, sum up in one or two sentences how you would solve a new problem like this one, and rate how confident you feel from 1 to 5.
`),
  },
  {
    user: 'Find the number that turns the part you know into the new amount, then multiply the other part by the same number. I would say 4 out of 5.',
    reply: sample(`
That's the method, in your own words, and a 4 sounds fair after the way you fixed your first try yourself. You have met the goal of this practice: you solved the problem and explained each step.

You can press "I'm done" now, and your teacher will read this chat.
`),
  },
];

/** The teacher's written feedback on the finished session. */
export const finishedTutorFeedback =
  'You found your own slip: adding the same amount to both parts changes the mix, multiplying keeps it. ' +
  'Next time, check your answer with a quick ratio table before you send it. (Sample feedback from the demo data, written by hand.)';

/** A session under way: the student has just started. */
export const inProgressTutorTurns: readonly SampleTurn[] = [
  {
    user: "I don't really get this one. Where do I start?",
    reply: sample(`
That's fine: we'll take it one small step at a time. Read the recipe again: 2 cups of blue for every 3 cups of yellow.

What is the question asking you to find?
`),
  },
  {
    user: 'How much yellow goes with 8 cups of blue.',
    reply: sample(`
Yes, that's the goal. You know the blue goes from 2 cups to 8 cups.

How many times bigger is 8 than 2?
`),
  },
];
