// Behaviour (the journey at 1280 px, dark; every tab, the licence and course-platform dialogs and an account's card render-only at 1280 px light and 360 px in both themes): the support account's superDash shows the installation totals and the per-school table; creates a school licence (a token-named domain no other spec reads), refuses a second one on the same domain with the message on the domains field, edits it; finds an account signed up for this spec, grants premium and revokes it with a confirm; lists server errors; the audit log shows those changes; axe passes and nothing scrolls sideways at 360 px. A premium teacher visiting /superDash is sent away.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, contextAs, openAndSettle, trackErrors, useBrowser } from '../fixtures/browser';
import { accessible, PHONE, shoot } from '../fixtures/checks';
import { users } from '../fixtures/users';

const getBrowser = useBrowser();
const token = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** Axe and (at 360 px) the sideways check on the settled page, then its screenshot (superdash-<shot>-<width>). */
async function settled(page: Page, width: number, shot: string) {
  await accessible(page, width);
  await shoot(page, `superdash-${shot}-${width}`);
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await page.getByRole('tab', { name, exact: true, selected: true }).waitFor();
}

/** A fresh account for this run only (signed up through the auth API, so unverified). */
async function signUp(context: BrowserContext, email: string) {
  const res = await context.request.post(`${baseUrl}/api/auth/sign-up/email`, {
    data: { name: 'Sid Superdash', email, password: 'a-long-password-1', role: 'teacher' },
    headers: { Origin: baseUrl },
  });
  expect(res.status()).toBe(200);
}

describe('superDash', () => {
  it('totals, a school licence, premium for an account, errors and the audit log at 1280 px (dark)', async () => {
    const width = 1280;
    const context = await contextAs(getBrowser(), 'support', { width, height: 900, bypassCSP: true, theme: 'dark' });
    const page = await context.newPage();
    const errors = trackErrors(page);
    const t = token();
    const domain = `sd${t}.test`;
    const email = `sd-${t}@classbots.test`;
    await signUp(await contextAs(getBrowser(), null), email);

    // Overview: the totals and the per-school table.
    expect(await openAndSettle(page, '/superDash')).toBe('/superDash');
    await page.getByRole('heading', { level: 1, name: 'All Data Dashboard' }).waitFor();
    const overview = page.getByTestId('superdash-overview');
    await overview.getByText('School licences', { exact: true }).waitFor();
    await overview.getByText('Tokens of generations this month', { exact: true }).waitFor();
    await overview.getByRole('region', { name: 'Totals per school' }).getByText('Springfield High').waitFor();
    await settled(page, width, 'overview');

    // Schools: create a licence, refuse the same domain again, edit it.
    await openTab(page, 'Schools');
    await page.getByRole('button', { name: 'Add a school licence' }).click();
    let dialog = page.getByRole('dialog', { name: 'New school licence' });
    await dialog.getByLabel('School name').fill(`Superdash School ${t}`);
    await dialog.getByLabel('E-mail domains').fill(`${domain},`);
    await dialog.getByLabel('Admins (e-mail addresses)').fill(`head@${domain}`);
    await dialog.getByLabel('Last valid day').fill('2031-06-30');
    await settled(page, width, 'school-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(`Saved Superdash School ${t}.`).waitFor();
    const schools = page.getByTestId('superdash-schools');
    await schools.getByRole('heading', { name: `Superdash School ${t}` }).waitFor();

    await page.getByRole('button', { name: 'Add a school licence' }).click();
    dialog = page.getByRole('dialog', { name: 'New school licence' });
    await dialog.getByLabel('School name').fill(`Copy ${t}`);
    await dialog.getByLabel('E-mail domains').fill(domain);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(`${domain} already belongs to Superdash School ${t}`).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await schools.getByRole('button', { name: `Edit Superdash School ${t}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit school licence' });
    await dialog.getByLabel('School name').fill(`Superdash Academy ${t}`);
    await dialog.getByLabel('Admins (e-mail addresses)').fill('someone@elsewhere.test');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(/someone@elsewhere\.test is not on the licence's domains/).waitFor();
    await dialog
      .first()
      .click()
      .catch(() => undefined);
    await dialog.getByLabel('Admins (e-mail addresses)').fill('');
    await dialog.getByLabel('Admins (e-mail addresses)').press('Backspace');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await schools.getByRole('heading', { name: `Superdash Academy ${t}` }).waitFor();
    await settled(page, width, 'schools');

    // Users: find the account, grant premium, revoke it.
    await openTab(page, 'Users');
    await page.getByLabel('E-mail address or its beginning').fill(email);
    await page.getByRole('button', { name: 'Find' }).click();
    const card = page.getByRole('region', { name: email });
    await card.getByText('not subscribed yet').waitFor();
    await card.getByText('Not verified').waitFor();
    await card.getByRole('button', { name: 'Grant premium' }).click();
    dialog = page.getByRole('dialog', { name: `Grant premium to ${email}` });
    await dialog.getByRole('button', { name: 'Grant', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Premium granted.').waitFor();
    await card.getByText(/^active until \d{4}-\d{2}-\d{2}$/).waitFor();
    await settled(page, width, 'user');
    await card.getByRole('button', { name: 'Revoke' }).click();
    dialog = page.getByRole('dialog', { name: `Revoke the grant of ${email}?` });
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Grant revoked.').waitFor();
    await card.getByText('not subscribed yet').waitFor();

    // Errors: the table or the plain "none" sentence.
    await openTab(page, 'Errors');
    const errorsTab = page.getByTestId('superdash-errors');
    await errorsTab
      .getByRole('region', { name: 'Recent server errors' })
      .or(errorsTab.getByText('No server errors in the last 30 days.'))
      .waitFor();
    await settled(page, width, 'errors');

    // Audit log: this run's changes, newest first (a table on a desktop; the render test sees the phone's list).
    await openTab(page, 'Audit log');
    const audit = page.getByRole('region', { name: 'Audit log' });
    await audit.waitFor();
    await page.getByLabel('Account e-mail').fill(email);
    await page.getByRole('button', { name: 'Filter' }).click();
    const rows = audit.getByRole('row').filter({ hasNot: page.getByRole('columnheader') });
    await rows.nth(0).getByText('subscription.revoke').waitFor();
    await rows.nth(1).getByText('subscription.grant').waitFor();
    await rows.nth(0).getByText('support@classbots.test').waitFor();
    expect(await rows.count()).toBe(2);
    await settled(page, width, 'audit');

    // The browser logs the refusals this spec provokes (409, 422); nothing else may fail.
    expect(errors.filter((e) => !/status of (409|422)/.test(e))).toEqual([]);
    await context.close();
  });

  // Render-only, the other widths and themes: every tab with axe, the sideways check and a screenshot;
  // the licence dialog and an account's card too; the audit log a list on a phone.
  for (const look of [
    { width: 1280, theme: 'light' },
    { width: PHONE, theme: 'light' },
    { width: PHONE, theme: 'dark' },
  ] as const) {
    const { width, theme } = look;
    it(`every tab in the ${theme} theme at ${width} px`, async () => {
      const context = await contextAs(getBrowser(), 'support', { width, height: 900, bypassCSP: true, theme });
      const page = await context.newPage();
      const errors = trackErrors(page);
      expect(await openAndSettle(page, '/superDash')).toBe('/superDash');
      await page
        .getByTestId('superdash-overview')
        .getByRole('region', { name: 'Totals per school' })
        .getByText('Springfield High')
        .waitFor();
      await settled(page, width, `overview-${theme}`);
      for (const [tab, shot] of [
        ['Schools', 'schools'],
        ['Users', 'users'],
        ['Course platforms (LTI 1.3)', 'lti'],
        ['Errors', 'errors'],
        ['Audit log', 'audit-log'],
      ] as const) {
        await openTab(page, tab);
        await page.getByRole('tabpanel').waitFor();
        await page.waitForLoadState('networkidle');
        await settled(page, width, `${shot}-${theme}`);
        if (tab === 'Schools') {
          await page.getByRole('button', { name: 'Add a school licence' }).click();
          const dialog = page.getByRole('dialog', { name: 'New school licence' });
          await dialog.getByLabel('School name').fill('Superdash School');
          await dialog.getByLabel('E-mail domains').fill('superdash.test,');
          await settled(page, width, `school-dialog-${theme}`);
          await dialog.getByRole('button', { name: 'Cancel' }).click();
          await dialog.waitFor({ state: 'detached' });
        }
        if (tab === 'Users') {
          await page.getByLabel('E-mail address or its beginning').fill(users.freeTeacher.email);
          await page.getByRole('button', { name: 'Find' }).click();
          await page.getByRole('region', { name: users.freeTeacher.email }).getByRole('button', { name: 'Grant premium' }).waitFor();
          await settled(page, width, `user-${theme}`);
        }
        if (tab === 'Course platforms (LTI 1.3)') {
          await page.getByRole('button', { name: 'Copy the login address' }).waitFor();
          await page.getByRole('button', { name: 'Register a platform' }).click();
          const dialog = page.getByRole('dialog', { name: 'Register a platform' });
          await dialog.getByLabel('Issuer').fill('https://lms.superdash.test');
          await settled(page, width, `lti-dialog-${theme}`);
          await dialog.getByRole('button', { name: 'Cancel' }).click();
          await dialog.waitFor({ state: 'detached' });
        }
        if (tab === 'Audit log' && width === PHONE) await page.getByRole('list', { name: 'Audit log' }).waitFor();
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('a premium teacher visiting /superDash is sent to their start page', async () => {
    const context = await contextAs(getBrowser(), 'premiumTeacher');
    const page = await context.newPage();
    expect(await openAndSettle(page, '/superDash')).toBe('/home/DocBot');
    await context.close();
  });
});
