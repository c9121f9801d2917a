// Behaviour: the Teacher List of the journey (teacher-lists.spec.ts, 1280 px light) at 1280 px dark and at 360 px in both themes: the list with the licence notice, the add dialog, the import preview of a CSV with a good, a bad, an off-domain and a repeated row, and the removal's confirmation (each dialog closed with Cancel, so nothing is written); axe passes on each and nothing scrolls sideways at 360 px.
import { describe, expect, it } from 'vitest';
import { contextAs, openAndSettle, trackErrors, useBrowser } from '../fixtures/browser';
import { accessible, shoot, token } from '../fixtures/checks';
import { lookName, lookTag, otherLooks } from '../fixtures/looks';
import { lakeside } from '../fixtures/seed-teacher-lists';
import { journey, row } from './helpers';

const getBrowser = useBrowser();

describe('Teacher List: every width and theme', () => {
  for (const look of otherLooks(journey)) {
    it(`reads well at ${lookName(look)}`, async () => {
      const context = await contextAs(getBrowser(), 'listsAdmin', { width: look.width, height: 800, bypassCSP: true, theme: look.theme });
      const page = await context.newPage();
      const errors = trackErrors(page);
      const t = token();
      const shot = (name: string) => shoot(page, `teacher-lists-${name}-${lookTag(look)}`);

      await openAndSettle(page, '/teacherLists');
      await row(page, lakeside.notSignedUp.email).waitFor();
      await page.getByTestId('licence-notice').waitFor();
      await accessible(page, look.width);
      await shot('list');

      await page.getByRole('button', { name: 'Add teacher' }).click();
      const add = page.getByRole('dialog', { name: 'Add a teacher' });
      await add.waitFor();
      await accessible(page, look.width);
      await shot('add');
      await add.getByRole('button', { name: 'Cancel' }).click();
      await add.waitFor({ state: 'detached' });

      // The preview is the server's answer and writes nothing; Cancel leaves the list as it was.
      const csv = [
        'email;building',
        `imp-${t}@lakeside.test;Science`,
        'not-an-address;North',
        `someone-${t}@elsewhere.test;North`,
        `imp-${t}@lakeside.test;Art`,
        '',
      ].join('\n');
      await page.getByRole('button', { name: 'Import CSV' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import teachers from a CSV file' });
      await dialog.getByTestId('import-file').setInputFiles({ name: 'teachers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await dialog.getByTestId('import-summary').waitFor();
      expect(await dialog.getByTestId('import-summary').textContent()).toBe('1 to add, 0 building changes, 3 skipped.');
      await accessible(page, look.width);
      await shot('import-preview');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: `Remove ${lakeside.notSignedUp.email}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Remove this teacher?' });
      await confirm.getByText('loses Premium at once').waitFor();
      await accessible(page, look.width);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await row(page, lakeside.notSignedUp.email).count()).toBe(1);

      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
