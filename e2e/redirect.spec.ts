// Behaviour: a protected address opened while signed out is kept as the post-login redirect; signing in goes there once, and the stored value is cleared.
import { describe, expect, it } from 'vitest';
import { contextAs, openAndSettle, useBrowser } from './fixtures/browser';
import { password, users } from './fixtures/users';

const getBrowser = useBrowser();
const storedRedirect = 'classbots.postLoginRedirect';

describe('post-login redirect', () => {
  it('sends the visitor to /, then after sign-in to the stored address, once', async () => {
    const context = await contextAs(getBrowser(), null);
    const page = await context.newPage();
    const target = '/savedresources?sort=new';

    expect(await openAndSettle(page, target)).toBe('/');
    expect(await page.evaluate((k) => sessionStorage.getItem(k), storedRedirect)).toBe(target);

    await page.getByLabel('Email').fill(users.formSignIn.email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/savedresources' && url.search === '?sort=new');
    await page.getByRole('heading', { level: 1, name: 'Saved Docs' }).waitFor();
    expect(await page.evaluate((k) => sessionStorage.getItem(k), storedRedirect)).toBeNull();

    // Used once: /home/DocBot now stays where it is.
    await page.getByRole('link', { name: 'My DocBots' }).click();
    await page.getByRole('heading', { level: 1, name: 'My DocBots' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/home/DocBot');
    expect(await openAndSettle(page, '/home/DocBot')).toBe('/home/DocBot');
    await context.close();
  });

  it('without a stored address, signing in lands on /home/DocBot', async () => {
    const context = await contextAs(getBrowser(), null);
    const page = await context.newPage();
    await openAndSettle(page, '/');
    await page.getByLabel('Email').fill(users.formSignIn.email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'My DocBots' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/home/DocBot');
    await context.close();
  });

  it('a student who signs in after opening a teacher page ends in the student area', async () => {
    const context = await contextAs(getBrowser(), null);
    const page = await context.newPage();
    expect(await openAndSettle(page, '/mystudents')).toBe('/');
    await page.getByLabel('Email').fill(users.student.email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'My Assignments' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/studentAssignments');
    expect(await page.evaluate((k) => sessionStorage.getItem(k), storedRedirect)).toBeNull();
    await context.close();
  });
});
