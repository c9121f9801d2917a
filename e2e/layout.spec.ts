// Behaviour: the teacher and student layouts show each kind of user the drawer items, top-bar buttons and account menu that belong to them.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contextAs, openAndSettle, useBrowser } from './fixtures/browser';
import { drawerLinks } from './fixtures/ui';
import { users, type UserKey } from './fixtures/users';

const getBrowser = useBrowser();

const base = [
  { name: 'My DocBots', href: '/home/DocBot' },
  { name: 'My ChatBots', href: '/home/ChatBot' },
  { name: 'My TutorBots', href: '/home/TutorBot' },
];
const free = [
  ...base,
  { name: 'Saved Docs', href: '/savedresources' },
  { name: 'My Files', href: '/myFiles' },
  { name: 'My Subscription', href: '/my-subscription' },
  { name: 'Support', href: '/contact-support' },
];
const premium = [
  ...base,
  { name: 'Assignments', href: '/teachAssignments' },
  { name: 'Saved Docs', href: '/savedresources' },
  { name: 'My Files', href: '/myFiles' },
  { name: 'My Students', href: '/mystudents' },
  { name: 'Flags', href: '/flags' },
  { name: 'My Subscription', href: '/my-subscription' },
  { name: 'Support', href: '/contact-support' },
];
const admin = [
  { name: 'Teacher List', href: '/teacherLists' },
  { name: 'Data Dashboard', href: '/dashboard' },
];
const superAdmin = [
  { name: 'Support Tickets', href: '/supportTickets' },
  { name: 'All Data Dashboard', href: '/superDash' },
];

const teacherCases: { kind: string; who: UserKey; links: { name: string; href: string }[]; getPremium: boolean }[] = [
  { kind: 'free teacher', who: 'freeTeacher', links: free, getPremium: true },
  { kind: 'premium teacher', who: 'premiumTeacher', links: premium, getPremium: false },
  { kind: 'school teacher', who: 'schoolTeacher', links: premium, getPremium: false },
  { kind: 'school admin', who: 'schoolAdmin', links: [...premium, ...admin], getPremium: false },
  { kind: 'support account', who: 'support', links: [...premium, ...superAdmin], getPremium: false },
];

async function openAccountMenu(page: Page, name: string) {
  await page.getByRole('button', { name: `Account menu for ${name}` }).click();
  await page.getByRole('menu').waitFor();
}

describe('teacher layout', () => {
  for (const c of teacherCases) {
    it(`shows a ${c.kind} the drawer items in the seed's order${c.getPremium ? ', and Get Premium' : ''}`, async () => {
      const context = await contextAs(getBrowser(), c.who);
      const page = await context.newPage();
      await openAndSettle(page, '/home/DocBot');
      expect(await drawerLinks(page)).toEqual(c.links);
      expect(await page.getByRole('heading', { name: 'Admin Tools', exact: true }).count()).toBe(c.who === 'schoolAdmin' ? 1 : 0);
      expect(await page.getByRole('heading', { name: 'Super Admin Tools', exact: true }).count()).toBe(c.who === 'support' ? 1 : 0);
      const getPremium = page.getByRole('link', { name: 'Get Premium' });
      expect(await getPremium.count()).toBe(c.getPremium ? 1 : 0);
      if (c.getPremium) expect(await getPremium.getAttribute('href')).toBe('/my-subscription');
      await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
      await page.getByText('may produce inaccurate information').waitFor();
      await context.close();
    });
  }

  it('links the logo to /home/DocBot and shows initials with a name-and-e-mail tooltip', async () => {
    const context = await contextAs(getBrowser(), 'freeTeacher');
    const page = await context.newPage();
    await openAndSettle(page, '/savedresources');
    expect(await page.getByRole('link', { name: 'ClassBots home' }).getAttribute('href')).toBe('/home/DocBot');
    const avatar = page.getByRole('button', { name: 'Account menu for Fran Free' });
    expect((await avatar.textContent())?.trim()).toBe('FF');
    await avatar.hover();
    const tooltip = page.getByRole('tooltip');
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toContain(users.freeTeacher.email);
    await context.close();
  });

  it('account menu: name, e-mail, Switch to Student Account (to the student area), Logout', async () => {
    const context = await contextAs(getBrowser(), 'premiumTeacher');
    const page = await context.newPage();
    await openAndSettle(page, '/home/DocBot');
    await openAccountMenu(page, users.premiumTeacher.name);
    const menu = page.getByRole('menu');
    expect(await menu.textContent()).toContain(users.premiumTeacher.email);
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Switch to Student Account', 'Logout']);
    await menu.getByRole('menuitem', { name: 'Switch to Student Account' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Assignments' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/studentAssignments');

    // A teacher previewing the student area can switch back.
    expect(await page.getByRole('link', { name: 'Get Premium' }).count()).toBe(0);
    await openAccountMenu(page, users.premiumTeacher.name);
    await page.getByRole('menuitem', { name: 'Switch to Teacher Account' }).click();
    await page.getByRole('heading', { level: 1, name: 'My DocBots' }).waitFor();
    await context.close();
  });

  it('opens the account menu by keyboard and shows where the focus is', async () => {
    const context = await contextAs(getBrowser(), 'premiumTeacher');
    const page = await context.newPage();
    await openAndSettle(page, '/home/DocBot');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    let label: string | null = null;
    for (let i = 0; i < 10 && !label?.startsWith(`Account menu for ${users.premiumTeacher.name}`); i++) {
      await page.keyboard.press('Tab');
      label = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
    }
    expect(label).toBe(`Account menu for ${users.premiumTeacher.name}, initials PP`);
    const outline = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      return el.classList.contains('Mui-focusVisible') || getComputedStyle(el).outlineStyle !== 'none';
    });
    expect(outline).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'hidden' });
    await context.close();
  });

  it('Logout signs out and goes to the landing page', async () => {
    const context = await contextAs(getBrowser(), 'logout', { fresh: true });
    const page = await context.newPage();
    await openAndSettle(page, '/savedresources');
    await openAccountMenu(page, users.logout.name);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await openAndSettle(page, '/home/DocBot')).toBe('/');
    await context.close();
  });
});

describe('student layout', () => {
  it("shows a student My Assignments and the Trophy Chart, no Get Premium and no 'Switch to Teacher Account'", async () => {
    const context = await contextAs(getBrowser(), 'student');
    const page = await context.newPage();
    await openAndSettle(page, '/studentAssignments');
    expect(await drawerLinks(page)).toEqual([{ name: 'My Assignments', href: '/studentAssignments' }]);
    await page.getByRole('heading', { name: 'Trophy Chart' }).waitFor();
    // Other specs' work may have earned this seeded student trophies: the total is a number, whatever it is.
    expect(await page.getByTestId('trophy-total').textContent()).toMatch(/^\d+/);
    expect(await page.getByRole('link', { name: 'Get Premium' }).count()).toBe(0);
    await openAccountMenu(page, users.student.name);
    expect(await page.getByRole('menuitem').allTextContents()).toEqual(['Logout']);
    await context.close();
  });

  it('tells a school student who may teach to ask the admin to add them to the teacher list', async () => {
    const context = await contextAs(getBrowser(), 'schoolStudent');
    const page = await context.newPage();
    await openAndSettle(page, '/studentAssignments');
    await page.getByText(`add ${users.schoolStudent.email} to the teacher list`).waitFor();
    await context.close();
  });
});
