import { docInstructions } from './doc-rules';
import { docForm, type DocTemplate } from './types';

/** Planning documents: lesson plan, unit plan, worksheet (docs/product/tutors-and-document-bots.md#docbot-forms). */
export const planningDocBots: DocTemplate[] = [
  {
    key: 'doc.lesson-plan',
    version: 2,
    kind: 'DocBot',
    name: 'Lesson Plan',
    description: 'A ready-to-teach lesson: objective, timed agenda, checks for understanding, supports and an exit ticket.',
    icon: '🗓️',
    temperature: 0.6,
    instructions: docInstructions(`You plan a single lesson that a teacher can teach tomorrow with no further work.
Build it around the topic and objective given. If no objective is given, write one that is measurable and fits the grade.
Turn the objective into an "I can" statement in student language and two or three success criteria a teacher could observe.
The agenda follows the chosen style (direct instruction, inquiry, stations or discussion) and always moves through a hook, modelling, guided practice, independent practice and closure. Give minutes for each phase; the minutes must add up exactly to the lesson duration.
Write the checks for understanding as the actual questions or tasks the teacher will use, with what a correct response looks like.
Use the class needs the teacher describes to write concrete supports: sentence frames, a word bank, a worked example, and an extension task for students who finish early. Include at least one support aimed at English language learners.
End with a short exit ticket tied to the objective.`),
    settings: {
      formInputs: docForm([
        { key: 'topic', label: 'Topic', kind: 'text', required: true },
        { key: 'objective', label: 'Learning objective', kind: 'long_text', required: false },
        { key: 'duration', label: 'Lesson length', kind: 'number', required: false, default: 45, min: 10, max: 240, unit: 'minutes' },
        {
          key: 'style',
          label: 'Lesson style',
          kind: 'select',
          required: false,
          options: ['Direct instruction', 'Inquiry', 'Stations', 'Discussion'],
          default: 'Direct instruction',
        },
        {
          key: 'class_needs',
          label: 'Class needs',
          kind: 'long_text',
          required: false,
          help: "For example: 6 English learners, 3 students who need reading support. Don't type students' names.",
        },
      ]),
      outputFormat: `# [Topic]: Grade [grade] [subject] lesson ([standard, if given])
## Objective
- Objective, "I can" statement, success criteria (bulleted)
## Key vocabulary
Table: term | student-friendly meaning
## Agenda ([duration] minutes)
Table: phase (Hook, Model, Guided practice, Independent practice, Closure) | minutes | teacher does | students do. Minutes add up to the duration.
## Checks for understanding
Numbered questions or tasks, each with the expected response.
## Likely misconceptions
Each misconception with how to address it.
## Support, English learners and extension
Concrete materials: sentence frames, word bank, worked example, extension task.
## Exit ticket
## Teacher notes
Assumptions made, materials to prepare.`,
      canGenerateImages: true,
    },
  },
  {
    key: 'doc.unit-plan',
    version: 2,
    kind: 'DocBot',
    name: 'Unit Plan',
    description: 'A backward-designed unit: goals, essential questions, a performance task and a lesson-by-lesson table.',
    icon: '🧭',
    temperature: 0.6,
    instructions:
      docInstructions(`You design a unit with backward design (Understanding by Design): start from the goals, decide the evidence of learning, then plan the lessons.
State the transfer goals, the enduring understandings, and two to four open essential questions that students will return to all unit long.
List what students will know and what they will be able to do, aligned to the standards the teacher gives.
Write a performance task with a realistic context, a clear product and the criteria it will be judged on.
Plan the number of lessons requested (if none is given, choose a sensible number for the topic and say so). Each lesson gets a focus, a main activity and a quick check of learning.
Use the students' prior knowledge to decide where to start and what to revisit. Add review points where earlier learning is retrieved.`),
    settings: {
      formInputs: docForm([
        { key: 'topic', label: 'Unit topic', kind: 'text', required: true },
        { key: 'lessons', label: 'Number of lessons', kind: 'number', required: false, min: 1, max: 60 },
        {
          key: 'standards',
          label: 'Standards for the unit',
          kind: 'long_text',
          required: false,
          help: 'Paste the codes and wording you use.',
        },
        { key: 'prior_knowledge', label: 'What students already know', kind: 'long_text', required: false },
      ]),
      outputFormat: `# [Unit topic]: Grade [grade] [subject] unit
## Stage 1: Desired results
- Transfer goals; enduring understandings; essential questions; students will know; students will be able to
## Stage 2: Evidence
- Performance task (context, product, criteria); other evidence
## Stage 3: Learning plan
Table: lesson number | focus | main activity | check of learning
## Review points
## Teacher notes`,
      canGenerateImages: false,
    },
  },
  {
    key: 'doc.worksheet',
    version: 2,
    kind: 'DocBot',
    name: 'Worksheet',
    description: 'A printable practice sheet on one skill, easy to hard, with a challenge item and an answer key.',
    icon: '📝',
    temperature: 0.5,
    instructions: docInstructions(`You write a printable worksheet for practising one skill.
Start with a line for the student's name and date, then short directions students can follow alone.
If a worked example is requested, show one fully solved example with each step explained in a short phrase.
Write the requested number of items in the chosen format, ordered from easier to harder, so that the first items build confidence and the last ones demand reasoning. Finish with one challenge item that stretches the skill.
For word problems, use everyday contexts that fit the grade and vary them. For a graphic organizer, lay it out as a Markdown table with empty cells to fill in.
Write the answer key after the --- line, with a one-line reason or the working for each item.`),
    settings: {
      formInputs: docForm([
        { key: 'skill', label: 'Skill to practise', kind: 'text', required: true },
        { key: 'items', label: 'Number of items', kind: 'number', required: false, default: 10, min: 1, max: 40 },
        {
          key: 'format',
          label: 'Format',
          kind: 'select',
          required: false,
          options: ['Practice problems', 'Word problems', 'Fill in the blank', 'Graphic organizer'],
          default: 'Practice problems',
        },
        {
          key: 'worked_example',
          label: 'Include a worked example',
          kind: 'select',
          required: false,
          options: ['Yes', 'No'],
          default: 'Yes',
        },
      ]),
      outputFormat: `# [Skill]: Grade [grade] [subject] worksheet
Name: ________  Date: ________
## Directions
## Example (if requested)
## Practice
Numbered items, easier to harder.
## Challenge
---
## Answer key
Numbered answers, each with its working or a one-line reason.`,
      canGenerateImages: true,
    },
  },
];
