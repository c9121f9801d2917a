// Behaviour: a TutorBot opened by its teacher shows what a student sees (welcome, chat, the tutor's name in the top bar), also as the student-area preview; any assignment id but "preview" is a clear "assignment not found".
import { describe, expect, it } from 'vitest';
import { contextAs, trackErrors, useBrowser } from '../fixtures/browser';
import { scrollsSideways } from '../fixtures/ui';
import { replyDone, runPath, shoot, template } from './helpers';

const getBrowser = useBrowser();

describe('TutorBot runner', () => {
  it('shows the student view to its teacher and answers', async () => {
    const context = await contextAs(getBrowser(), 'premiumTeacher');
    const page = await context.newPage();
    const errors = trackErrors(page);
    const bot = await template(context.request, 'TutorBot', 'Socratic Math Tutor');
    await page.goto(runPath('run-tutor-bot', bot));
    await page.getByRole('heading', { level: 1, name: 'Socratic Math Tutor' }).waitFor();
    await page.getByText('Preview: this is exactly what a student sees', { exact: false }).waitFor();
    const list = page.getByRole('list', { name: 'Conversation', exact: true });
    expect(await list.getByRole('listitem').count()).toBe(1); // the welcome message
    // No starter prompts, attachments or saving in the student view.
    expect(await page.getByRole('button', { name: 'Save conversation' }).count()).toBe(0);
    await page.getByRole('textbox', { name: 'Your message' }).fill('How do I add 1/2 and 1/3?');
    await page.getByRole('button', { name: 'Send' }).click();
    await replyDone(page);
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 20_000 }).toBe(3);
    await shoot(page, 'tutorbot-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is the same view in the student area preview, and unknown assignments are not found', async () => {
    const context = await contextAs(getBrowser(), 'premiumTeacher', { width: 360, height: 740 });
    const page = await context.newPage();
    const bot = await template(context.request, 'TutorBot', 'Science Explainer');
    await page.goto(`/run-student-tutor-bot/${bot.id}/true/new/${bot.uid}/${bot.sid}/preview`);
    await page.getByRole('heading', { level: 1, name: 'Science Explainer' }).waitFor();
    await page.getByRole('list', { name: 'Conversation', exact: true }).getByRole('listitem').first().waitFor();
    // The student layout's top bar names the tutor (tutorContent).
    await page.getByRole('banner').getByText('Science Explainer').waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await shoot(page, 'tutorbot-student-preview-360');

    await page.goto(`/run-student-tutor-bot/${bot.id}/true/new/${bot.uid}/${bot.sid}/123e4567-e89b-12d3-a456-426614174000`);
    await page.getByRole('heading', { level: 1, name: 'Assignment not found' }).waitFor();
    await context.close();
  });
});
