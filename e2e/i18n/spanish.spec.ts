// Behaviour: a teacher and a student whose browser speaks Spanish see the teacher's main pages (bot library, bot editor, Assignments, My Students, Saved Docs, My Files, My Subscription, Support) and the student's (My Assignments, the tutor page) wholly in Spanish at 1280 and 360 px: no English catalogue words on screen (data from the API aside), axe clean, no text cut off, nothing scrolling sideways at 360.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contextAs, trackErrors, useBrowser } from '../fixtures/browser';
import { accessible, shoot } from '../fixtures/checks';
import { newAssignment } from '../fixtures/assignments';
import { cutOffTexts, englishLeftovers, openSettled, teacherMainPages } from '../fixtures/i18n';

const getBrowser = useBrowser();

/** Opens `path` as the browser's Spanish-speaking user and lists what on it is not Spanish and whole. */
async function problemsOn(page: Page, path: string, width: number): Promise<string[]> {
  const data = await openSettled(page, path);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
  await accessible(page, width);
  await shoot(page, `es-${path.split('?')[0]!.replace(/\W+/g, '-')}-${width}`);
  const english = (await englishLeftovers(page, data)).map((t) => `${path} @${width}: English "${t}"`);
  const cut = (await cutOffTexts(page, data)).map((t) => `${path} @${width}: cut off "${t}"`);
  return [...english, ...cut];
}

async function spanishContext(who: 'premiumTeacher' | 'student', width: number): Promise<BrowserContext> {
  return contextAs(getBrowser(), who, { width, height: 800, locale: 'es-MX', bypassCSP: true, theme: width > 600 ? 'light' : 'dark' });
}

describe('Spanish pages', () => {
  for (const width of [1280, 360]) {
    it(`the teacher's main pages are Spanish at ${width} px`, async () => {
      const context = await spanishContext('premiumTeacher', width);
      const page = await context.newPage();
      const errors = trackErrors(page);
      const problems: string[] = [];
      for (const path of teacherMainPages) problems.push(...(await problemsOn(page, path, width)));
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("the student's My Assignments and tutor page are Spanish at 1280 and 360 px", async () => {
    const work = await newAssignment(getBrowser(), 'Fracciones');
    const problems: string[] = [];
    for (const width of [1280, 360]) {
      const context = await spanishContext('student', width);
      const page = await context.newPage();
      const errors = trackErrors(page);
      problems.push(...(await problemsOn(page, '/studentAssignments', width)));
      problems.push(...(await problemsOn(page, `/studentAssignments?assignment=${work.assignmentId}`, width)));
      await page.getByRole('heading', { level: 1, name: work.title }).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    }
    expect(problems).toEqual([]);
  });
});
