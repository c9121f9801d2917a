// Behaviour (1280 px light; the other widths and themes in teacher-lists.render.spec.ts): the school admin of Lakeside Primary sees the licence with its 20-day expiry notice and whom to contact, and the teacher list (signed up or not, last sign-in); adds a teacher (an off-domain address first, refused with the domains named), edits their building, imports a CSV whose preview shows a bad, an off-domain and a repeated row before anything is written and then writes the one good row, exports the list as a CSV file, and removes teachers after a confirmation; axe passes on the page, the import preview and the confirmation. A teacher visiting /teacherLists lands on /home/DocBot.
import { describe, expect, it } from 'vitest';
import { contextAs, downloaded, openAndSettle, trackErrors, useBrowser } from '../fixtures/browser';
import { accessible, shoot, token } from '../fixtures/checks';
import { lookTag } from '../fixtures/looks';
import { lakeside } from '../fixtures/seed-teacher-lists';
import { journey, row } from './helpers';
import { supportEmail } from '../fixtures/users';

const getBrowser = useBrowser();

describe('Teacher List', () => {
  it('lists, adds, edits, imports, exports and removes teachers', async () => {
    const { width, theme } = journey;
    const context = await contextAs(getBrowser(), 'listsAdmin', { width, height: 800, bypassCSP: true, theme });
    const page = await context.newPage();
    const errors = trackErrors(page);
    const t = token();
    const shot = (name: string) => shoot(page, `teacher-lists-${name}-${lookTag(journey)}`);

    expect(await openAndSettle(page, '/teacherLists')).toBe('/teacherLists');
    await page.getByRole('heading', { name: 'Teacher List', level: 1 }).waitFor();
    const notice = page.getByTestId('licence-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(new RegExp(`ends in (${lakeside.daysLeft}|${lakeside.daysLeft - 1}) days`));
    expect(await notice.textContent()).toContain(supportEmail);
    const rivera = row(page, lakeside.signedUp[0].email);
    await rivera.waitFor();
    expect(await rivera.textContent()).toContain('North');
    expect(await rivera.textContent()).toContain('Yes');
    expect(await rivera.textContent()).toContain('3 days ago');
    expect(await row(page, lakeside.notSignedUp.email).textContent()).toContain('Not yet');
    await accessible(page, width);
    await shot('list');

    // Add: an address off the school's domains is refused, naming them; then a good one.
    const added = `add-${t}@lakeside-school.test`;
    await page.getByRole('button', { name: 'Add teacher' }).click();
    const add = page.getByRole('dialog', { name: 'Add a teacher' });
    await add.getByRole('textbox', { name: 'E-mail' }).fill(`add-${t}@elsewhere.test`);
    await add.getByRole('button', { name: 'Add teacher' }).click();
    // Said by the dialog before any request (issue 39, item 20): no 422 reaches the console.
    await add.getByText('Only addresses on the school’s domains can be added: @lakeside.test and @lakeside-school.test.').waitFor();
    await add.getByRole('textbox', { name: 'E-mail' }).fill(added);
    await add.getByRole('textbox', { name: 'Building (optional)' }).fill('Gym');
    await add.getByRole('button', { name: 'Add teacher' }).click();
    await add.waitFor({ state: 'detached' });
    await page.getByText(`${added} was added.`).waitFor();
    await row(page, added).getByText('Gym').waitFor();

    // Edit the building.
    await page.getByRole('button', { name: `Edit building of ${added}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit building' });
    await edit.getByRole('textbox', { name: 'Building (optional)' }).fill('Library');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await row(page, added).getByText('Library').waitFor();

    // Import: the preview shows every row's verdict and writes nothing; Confirm writes the good row.
    const imported = `imp-${t}@lakeside.test`;
    const csv = [
      'email;building',
      `${imported};Science`,
      'not-an-address;North',
      `someone-${t}@elsewhere.test;North`,
      `${imported};Art`,
      '',
    ].join('\n');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import teachers from a CSV file' });
    await dialog.getByTestId('import-file').setInputFiles({ name: 'teachers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByTestId('import-summary').waitFor();
    expect(await dialog.getByTestId('import-summary').textContent()).toBe('1 to add, 0 building changes, 3 skipped.');
    expect(await dialog.locator('[data-verdict="bad"]').textContent()).toContain('This is not an e-mail address.');
    expect(await dialog.locator('[data-verdict="off_domain"]').count()).toBe(1);
    expect(await dialog.locator('[data-verdict="duplicate"]').textContent()).toContain('Also on line 2');
    expect(await row(page, imported).count()).toBe(0);
    await accessible(page, width);
    await shot('import-preview');
    await dialog.getByRole('button', { name: 'Import 1 row' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Imported: 1 added, 0 buildings changed.').waitFor();
    await row(page, imported).getByText('Science').waitFor();

    // Export: a CSV file with the list.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^teachers-lakeside-primary-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await downloaded(file)).toString('utf8');
    expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('email,building,signed_up,last_sign_in');
    expect(text).toContain(`${imported},Science,no,`);
    expect(text).toContain(`${lakeside.signedUp[0].email},North,yes,`);

    // Remove, after a confirmation that says what it does.
    for (const email of [imported, added]) {
      await page.getByRole('button', { name: `Remove ${email}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Remove this teacher?' });
      await confirm.getByText('loses Premium at once').waitFor();
      if (email === imported) await accessible(page, width);
      await confirm.getByRole('button', { name: 'Remove' }).click();
      await confirm.waitFor({ state: 'detached' });
      await row(page, email).waitFor({ state: 'detached' });
    }
    await accessible(page, width);
    await shot('after');
    // The off-domain address was refused in the dialog: no request failed (issue 39, item 20).
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a teacher who is not an admin to /home/DocBot', async () => {
    const context = await contextAs(getBrowser(), 'schoolTeacher', { width: 1280, height: 800 });
    const page = await context.newPage();
    expect(await openAndSettle(page, '/teacherLists')).toBe('/home/DocBot');
    await context.close();
  });
});
