// Behaviour: under the pseudo-locale en-XA every word of the teacher's and the student's main pages comes from the catalogues (a word left unaccented is data from the API or was written outside them); under ar-XB the page runs right to left (the drawer on the right at 1280 px) and no two texts overlap, at 1280 and 360 px.
import { describe, expect, it } from 'vitest';
import { contextAs, useBrowser } from '../fixtures/browser';
import { shoot } from '../fixtures/checks';
import { newAssignment } from '../fixtures/assignments';
import { openSettled, overlappingTexts, teacherMainPages, unexternalised } from '../fixtures/i18n';

const getBrowser = useBrowser();

/** Product and format words written the same in every language. */
const sameEverywhere = ['ClassBots', 'Premium'];

describe('pseudo-locales', () => {
  it('en-XA: no word on the main pages was written outside the catalogues', async () => {
    const work = await newAssignment(getBrowser(), 'Pseudo');
    const problems: string[] = [];
    for (const [who, paths] of [
      ['premiumTeacher', teacherMainPages],
      ['student', ['/studentAssignments', `/studentAssignments?assignment=${work.assignmentId}`]],
    ] as const) {
      const context = await contextAs(getBrowser(), who, { language: 'en-XA' });
      const page = await context.newPage();
      for (const path of paths) {
        const data = await openSettled(page, path);
        await shoot(page, `en-XA-${path.split('?')[0]!.replace(/\W+/g, '-')}`);
        problems.push(...(await unexternalised(page, data, sameEverywhere)).map((t) => `${path}: "${t}"`));
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  });

  for (const width of [1280, 360]) {
    it(`ar-XB: the pages run right to left without overlapping text at ${width} px`, async () => {
      const context = await contextAs(getBrowser(), 'premiumTeacher', { language: 'ar-XB', width, height: 800 });
      const page = await context.newPage();
      const problems: string[] = [];
      for (const path of teacherMainPages) {
        await openSettled(page, path);
        expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
        await shoot(page, `ar-XB-${path.replace(/\W+/g, '-')}-${width}`);
        problems.push(...(await overlappingTexts(page)).map((t) => `${path} @${width}: ${t}`));
      }
      if (width > 600) {
        // The permanent drawer sits on the right, the page to its left.
        const nav = await page.getByRole('navigation', { name: /Main navigation/ }).boundingBox();
        expect(nav && Math.round(nav.x + nav.width)).toBe(width);
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
