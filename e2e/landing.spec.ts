// Behaviour: the landing page explains what ClassBots does today (and promises nothing it does not do yet) and offers sign-in, account creation, password reset, and a way in for a signed-in visitor; the privacy policy says what is kept, sent and deleted.
import { describe, expect, it } from 'vitest';
import { contextAs, openAndSettle, trackErrors, useBrowser } from './fixtures/browser';
import { password, users } from './fixtures/users';

const getBrowser = useBrowser();

describe('landing page', () => {
  it('says what ClassBots does for teachers and schools, with one Sign in button and labelled fields', async () => {
    const context = await contextAs(getBrowser(), null);
    const page = await context.newPage();
    const errors = trackErrors(page);
    await openAndSettle(page, '/');
    await page.getByRole('heading', { level: 2, name: 'For teachers' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'For schools' }).waitFor();
    await page.getByText('Keep what you make in Saved Docs', { exact: false }).waitFor();
    await page.getByText('sets up the licence, its admins and its teacher list', { exact: false }).waitFor();
    await page.getByText('give a TutorBot to a class as an assignment', { exact: false }).waitFor();
    // Nothing that has not shipped yet: safety flags for teachers, usage dashboards, trophies.
    expect(await page.getByRole('main').textContent()).not.toMatch(/flagged|AI usage|troph/i);
    await page.getByLabel('Email').waitFor();
    await page.getByLabel('Password').waitFor();
    expect(await page.getByRole('button', { name: 'Sign in', exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'Create account' }).waitFor();
    await page.getByRole('button', { name: 'Forgot password' }).waitFor();
    // The e2e server has Google set up (its fake, for Classroom) and not Microsoft.
    await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
    expect(await page.getByRole('button', { name: /Microsoft/ }).count()).toBe(0);
    expect(await page.getByRole('main').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells a user whose e-mail is not verified yet what to do', async () => {
    const context = await contextAs(getBrowser(), null);
    const page = await context.newPage();
    await openAndSettle(page, '/');
    await page.getByLabel('Email').fill(users.unverified.email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('not verified yet');
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('says so when the password is wrong', async () => {
    const context = await contextAs(getBrowser(), null);
    const page = await context.newPage();
    await openAndSettle(page, '/');
    await page.getByLabel('Email').fill(users.formSignIn.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('not right');
    await context.close();
  });

  it('creates an account with a role and asks to confirm the e-mail address', async () => {
    const context = await contextAs(getBrowser(), null);
    const page = await context.newPage();
    await openAndSettle(page, '/');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByLabel('Name').fill('Nora New');
    await page.getByLabel('Email').fill('nora.new@classbots.test');
    await page.getByLabel('Password').fill('a-long-password-1');
    await page.getByRole('radio', { name: "I'm a student" }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Check your e-mail').waitFor();
    await context.close();
  });

  it('asks for a reset link, and a reset link opens the "Choose a new password" form', async () => {
    const context = await contextAs(getBrowser(), null);
    const page = await context.newPage();
    await openAndSettle(page, '/');
    await page.getByRole('button', { name: 'Forgot password' }).click();
    // Any address gets the same answer; a fresh one keeps clear of the per-address limit on reruns.
    await page.getByLabel('Email').fill(`reset-${Date.now()}@classbots.test`);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('we have sent it a link').waitFor();

    await openAndSettle(page, '/?token=not-a-real-token');
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel(/^New password/).fill('another-password-2');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByRole('alert').waitFor();
    await context.close();
  });

  it('offers a signed-in visitor a way into the app', async () => {
    const context = await contextAs(getBrowser(), 'premiumTeacher');
    const page = await context.newPage();
    await openAndSettle(page, '/');
    expect(await page.getByLabel('Password').count()).toBe(0);
    await page.getByRole('link', { name: 'Open ClassBots' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'My DocBots' }).waitFor();
    await context.close();
  });

  it('publishes a privacy policy covering the AI provider, logs, cookies, retention, deletion and children', async () => {
    const context = await contextAs(getBrowser(), null);
    const page = await context.newPage();
    await openAndSettle(page, '/privacy-policy');
    for (const heading of [
      'What we store and why',
      'What the AI provider receives',
      'How long we keep it',
      'Your copy and deletion',
      'Children’s privacy',
      'Contact',
    ]) {
      await page.getByRole('heading', { level: 2, name: heading }).waitFor();
    }
    await page.getByText('never sends student names or e-mail addresses').waitFor();
    await page.getByText('records what happened, not what anyone wrote', { exact: false }).waitFor();
    await page.getByText('ClassBots sets one cookie', { exact: false }).waitFor();
    await page.getByText('When the operator deletes an account', { exact: false }).waitFor();
    await page.getByText('Who reads a student\u2019s assignment conversation', { exact: false }).waitFor();
    // Payments and support tickets shipped (issues 17 and 18): the policy says who receives what.
    await page.getByText('your card or bank details go to Stripe directly and never reach ClassBots', { exact: false }).waitFor();
    await page.getByText('Support: the tickets you open', { exact: false }).waitFor();
    // Requests go to the operator, in words: the policy page sends nobody elsewhere.
    expect(await page.getByRole('main').getByRole('link').count()).toBe(0);
    await context.close();
  });
});
