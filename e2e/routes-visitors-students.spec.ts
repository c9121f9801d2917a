// Behaviour: a signed-out visitor and students, opening each route, end up where the guards send them; /home/{type} accepts only the three bot kinds.
import { describe, expect, it } from 'vitest';
import { contextAs, openAndSettle } from './fixtures/browser';
import { describeRoutesFor } from './fixtures/routeExpectations';

const getBrowser = describeRoutesFor(['signed out', 'student', 'school student']);

describe('/home/{type}', () => {
  it('accepts only DocBot, ChatBot and TutorBot', async () => {
    const context = await contextAs(getBrowser(), 'premiumTeacher');
    const page = await context.newPage();
    for (const type of ['DocBot', 'ChatBot', 'TutorBot']) {
      await openAndSettle(page, `/home/${type}`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`My ${type}s`);
    }
    await openAndSettle(page, '/home/SpreadsheetBot');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    await context.close();
  });
});
