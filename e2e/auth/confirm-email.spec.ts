// Behaviour: the confirmation link of the sign-up mail signs the new teacher in and opens the app (/home/DocBot) with an "E-mail confirmed" notice, not the landing page; a link that does not work says so and sends a new one that does.
import { describe, expect, it } from 'vitest';
import { baseUrl, contextAs, trackErrors, useBrowser } from '../fixtures/browser';
import { linkIn, waitForMail } from '../fixtures/mail';

const getBrowser = useBrowser();
const confirmSubject = /Confirm your e-mail/;
const fresh = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@classbots.test`;

describe('confirming an e-mail address', () => {
  it('signs up, opens the mailed link and lands signed in on the app with "E-mail confirmed"', async () => {
    const email = fresh('confirm');
    const context = await contextAs(getBrowser(), null);
    const page = await context.newPage();
    const errors = trackErrors(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByLabel('Name').fill('Cora Confirm');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a-long-password-1');
    await page.getByRole('radio', { name: "I'm a teacher" }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Check your e-mail').waitFor();

    const mail = await waitForMail(email, confirmSubject);
    await page.goto(linkIn(mail.body));
    await page.waitForURL((url) => url.pathname === '/home/DocBot');
    await page.getByText('E-mail confirmed').waitFor();
    // Signed in: the account button carries the new teacher's initials.
    await page.getByRole('button', { name: 'Account menu for Cora Confirm, initials CC' }).waitFor();
    expect(await page.getByRole('button', { name: 'Sign in', exact: true }).count()).toBe(0);

    // Once only: a reload keeps the teacher signed in on the app, without the notice.
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/home/DocBot');
    expect(await page.getByText('E-mail confirmed').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('explains a link that does not work and sends a new one, which signs in', async () => {
    const email = fresh('broken');
    const context = await contextAs(getBrowser(), null);
    const signUp = await context.request.post(`${baseUrl}/api/auth/sign-up/email`, {
      data: { name: 'Bo Broken', email, password: 'a-long-password-1', role: 'teacher' },
      headers: { Origin: baseUrl },
    });
    expect(signUp.status()).toBe(200);
    const link = new URL(linkIn((await waitForMail(email, confirmSubject)).body));
    link.searchParams.set('token', 'copied-only-in-part');

    const page = await context.newPage();
    await page.goto(link.toString());
    await page.getByRole('heading', { name: 'Confirm your e-mail address' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByText('This confirmation link does not work').waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await page.getByText('a new link is on its way').waitFor();

    const second = await waitForMail(email, confirmSubject, 2);
    await page.goto(linkIn(second.body));
    await page.waitForURL((url) => url.pathname === '/home/DocBot');
    await page.getByText('E-mail confirmed').waitFor();
    await context.close();
  });
});
