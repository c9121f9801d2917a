// Behaviour: /home/{type} accepts only the three bot kinds; any other type is the not-found page.
import { describe, expect, it } from 'vitest';
import { contextAs, openAndSettle, useBrowser } from '../fixtures/browser';

const getBrowser = useBrowser();

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
