// Behaviour: My Subscription shows each teacher their plan in plain words, this month's use as bars against the plan's limits and exactly the actions that fit (free: a trial; trialing and paying: Manage billing; school: none), at 1280 and 360 px in both themes; a past-due teacher sees the update-payment banner on every page; and a new teacher starts a trial through Stripe Checkout and is Premium once Stripe has confirmed it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../fixtures/axe';
import { baseUrl, contextAs, openAndSettle, trackErrors, useBrowser } from '../fixtures/browser';
import { shoot } from '../fixtures/checks';
import { linkIn, waitForMail } from '../fixtures/mail';
import { drawerLinks, scrollsSideways, transitionsDone } from '../fixtures/ui';
import type { UserKey } from '../fixtures/users';

const getBrowser = useBrowser();

const actionNames = ['Start free trial (14 days)', 'Get Premium', 'Manage billing', 'Request premium'] as const;
type ActionName = (typeof actionNames)[number];

interface PlanCase {
  who: UserKey;
  status: string;
  title: string;
  line: string | RegExp;
  text: RegExp;
  images: RegExp;
  storage: RegExp;
  actions: ActionName[];
  comparison: boolean;
}

const cases: PlanCase[] = [
  {
    who: 'freeTeacher',
    status: 'not subscribed yet',
    title: 'Free plan',
    line: /Assignments and My Students need Premium/,
    text: /^\d+ of 40$/,
    images: /^\d+ of 5$/,
    storage: / of 500 MB$/,
    actions: ['Start free trial (14 days)'],
    comparison: true,
  },
  {
    who: 'trialTeacher',
    status: 'trialing',
    title: 'Premium, free trial',
    line: 'After the trial, paid monthly through Stripe.',
    text: /^0 of 2,000$/,
    images: /^0 of 200$/,
    storage: /^0 bytes of 5 GB$/,
    actions: ['Manage billing'],
    comparison: false,
  },
  {
    who: 'payingTeacher',
    status: 'active',
    title: 'Premium',
    line: 'Paid monthly through Stripe.',
    text: /^0 of 2,000$/,
    images: /^0 of 200$/,
    storage: /^0 bytes of 5 GB$/,
    actions: ['Manage billing'],
    comparison: false,
  },
  {
    who: 'schoolTeacher',
    status: 'active school',
    title: 'Premium through your school',
    line: 'Your school covers you: Springfield High.',
    text: /^\d[\d,]* of 2,000$/,
    images: /^\d+ of 200$/,
    storage: / of 5 GB$/,
    actions: [],
    comparison: false,
  },
];

/** Switches the fresh context (dark at first start) to the light theme through the drawer's toggle. */
async function switchToLight(page: Page, width: number) {
  if (width < 900) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Switch to light theme' }).click();
  await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
  if (width < 900) await page.keyboard.press('Escape');
  await page.mouse.move(width / 2, 700);
  await page.getByRole('tooltip').waitFor({ state: 'detached' });
}

/** The names of the action buttons in the page's main landmark, in order. */
async function actionsShown(page: Page): Promise<string[]> {
  const main = page.getByRole('main');
  const shown: string[] = [];
  for (const name of actionNames) {
    if ((await main.getByRole('button', { name, exact: true }).count()) > 0) shown.push(name);
  }
  return shown;
}

/** The drawer's link names; at phone width the drawer is opened for it and closed again. */
async function drawerNames(page: Page): Promise<string[]> {
  const narrow = (page.viewportSize()?.width ?? 1280) < 900;
  if (narrow) await page.getByRole('button', { name: 'Open menu' }).click();
  const names = (await drawerLinks(page)).map((l) => l.name);
  if (narrow) {
    await page.keyboard.press('Escape');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor({ state: 'detached' });
  }
  return names;
}

/** trackErrors for a page that leaves for the fake Stripe: its pages (and their missing favicon) are not the app's. */
function appErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && m.location().url.startsWith(baseUrl)) errors.push(`console: ${m.text()}`);
  });
  return errors;
}

describe('My Subscription', () => {
  for (const c of cases) {
    for (const view of [
      { width: 1280, light: true },
      { width: 360, light: false },
    ]) {
      const theme = view.light ? 'light' : 'dark';
      it(`${c.who}: the plan, the usage bars and exactly its actions (${view.width} px, ${theme})`, async () => {
        const context = await contextAs(getBrowser(), c.who, { width: view.width, height: 900, bypassCSP: true });
        const page = await context.newPage();
        const errors = trackErrors(page);
        await openAndSettle(page, '/my-subscription');
        if (view.light) await switchToLight(page, view.width);
        const main = page.getByRole('main');
        await main.getByRole('heading', { level: 2, name: c.title, exact: true }).waitFor();
        expect(await page.getByTestId('subscription-status').textContent()).toBe(`Your plan: ${c.status}`);
        await main.getByText(c.line).first().waitFor();

        // Three bars with their numbers, and the reset date.
        await page.getByTestId('usage-text').waitFor();
        expect(await main.getByRole('progressbar').count()).toBe(3);
        expect(await page.getByTestId('usage-text-numbers').textContent()).toMatch(c.text);
        expect(await page.getByTestId('usage-images-numbers').textContent()).toMatch(c.images);
        expect(await page.getByTestId('usage-storage-numbers').textContent()).toMatch(c.storage);
        expect(await page.getByRole('progressbar', { name: 'AI text generations' }).getAttribute('aria-valuetext')).toMatch(c.text);
        expect(await page.getByTestId('usage-resets').textContent()).toMatch(/^AI counts start again on \w+ 1, \d{4}\./);

        expect(await actionsShown(page)).toEqual(c.actions);
        expect(await page.getByTestId('premium-comparison').count()).toBe(c.comparison ? 1 : 0);
        if (c.actions.includes('Start free trial (14 days)')) {
          // Stripe's prices (the fake's 9 USD a month, 90 a year) on the billing period's choices.
          await main.getByRole('radio', { name: 'Monthly, $9 a month' }).waitFor();
          await main.getByRole('radio', { name: 'Yearly, $90 a year' }).waitFor();
        }
        expect(await page.getByTestId('past-due-banner').count()).toBe(0);

        expect(await scrollsSideways(page)).toBe(false);
        await transitionsDone(page);
        await shoot(page, `my-subscription-${c.who}-${view.width}-${theme}`);
        expect(await seriousViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }

  it('tells a past-due teacher on every page to update their payment before the grace period ends', async () => {
    for (const width of [1280, 360]) {
      const context = await contextAs(getBrowser(), 'pastDueTeacher', { width, height: 900, bypassCSP: true });
      const page = await context.newPage();
      const errors = trackErrors(page);
      for (const path of ['/savedresources', '/my-subscription']) {
        await openAndSettle(page, path);
        const banner = page.getByTestId('past-due-banner');
        await banner.waitFor();
        expect(await banner.textContent()).toMatch(
          /^Your last payment didn't go through\. Update your payment method by \w+ \d+, \d{4} to keep Premium\.Update payment$/,
        );
        await banner.getByRole('button', { name: 'Update payment' }).waitFor();
      }
      expect(await actionsShown(page)).toEqual(['Manage billing']);
      await page.getByText(/^Payment overdue: Premium holds until \w+ \d+, \d{4}\.$/).waitFor();
      // Still Premium inside the grace period.
      expect(await drawerNames(page)).toContain('Assignments');
      expect(await scrollsSideways(page)).toBe(false);
      await transitionsDone(page);
      await shoot(page, `past-due-${width}`);
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('a new teacher starts a free trial through Stripe Checkout, is told it is being confirmed, then is on the trial with Assignments', async () => {
    const email = `trial-${Date.now()}-${Math.floor(Math.random() * 1e6)}@classbots.test`;
    const context = await contextAs(getBrowser(), null, { width: 360, height: 800 });
    const signUp = await context.request.post(`${baseUrl}/api/auth/sign-up/email`, {
      data: { name: 'Nova New', email, password: 'a-long-password-1', role: 'teacher' },
      headers: { Origin: baseUrl },
    });
    expect(signUp.status()).toBe(200);
    const page = await context.newPage();
    const errors = appErrors(page);
    await page.goto(linkIn((await waitForMail(email, /Confirm your e-mail/)).body));
    await page.waitForURL((url) => url.pathname === '/home/DocBot');

    await openAndSettle(page, '/my-subscription');
    await page.getByRole('heading', { level: 2, name: 'Free plan', exact: true }).waitFor();
    expect(await drawerNames(page)).not.toContain('Assignments');
    await page.getByRole('radio', { name: 'Yearly, $90 a year' }).check();
    const start = page.getByRole('button', { name: 'Start free trial (14 days)' });
    await start.click();

    // The fake's Checkout page: a 14-day trial of the yearly price.
    await page.getByRole('heading', { name: 'Fake Stripe Checkout' }).waitFor();
    await page.getByText('14-day free trial, then 90.00 USD per year.').waitFor();
    // Hold the page's first look at the plan until the wait for Stripe's confirmation has shown.
    let held = false;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/subscription/plan', async (route) => {
      if (!held) {
        held = true;
        await released;
      }
      await route.continue();
    });
    await page.getByRole('button', { name: 'Pay' }).click();

    await page.waitForURL((url) => url.pathname === '/my-subscription' && url.searchParams.get('checkout') === 'success');
    await page.getByText('Thanks! We’re confirming your payment with Stripe…').waitFor();
    release();
    await page.getByRole('heading', { level: 2, name: 'Premium, free trial', exact: true }).waitFor({ timeout: 30_000 });
    await page.getByText('Thanks! Your free trial of Premium has started.').waitFor();
    const trialEnd = new Date(Date.now() + 14 * 24 * 60 * 60 * 1000).toLocaleDateString('en', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    });
    await page.getByText(`Your trial ends on ${trialEnd}.`).waitFor();
    await page.getByText('After the trial, paid yearly through Stripe.').waitFor();
    expect(await page.getByTestId('subscription-status').textContent()).toBe('Your plan: trialing');
    expect(await actionsShown(page)).toEqual(['Manage billing']);
    expect(await drawerNames(page)).toContain('Assignments');
    await transitionsDone(page);
    await shoot(page, 'journey-trial-360');

    // Cancelled in the Customer Portal: the trial runs to its end, and the page says how to resume.
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.getByRole('heading', { name: 'Fake Stripe Customer Portal' }).waitFor();
    await page.getByRole('button', { name: 'Cancel plan' }).click();
    await page.waitForURL((url) => url.pathname === '/my-subscription' && !url.search);
    await page.getByText(`Your plan ends on ${trialEnd}; you can resume it in Manage billing.`).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Premium, free trial', exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
