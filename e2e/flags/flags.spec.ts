// Behaviour (1280 px, dark; the same pages at 360 px, light, in a render-only test after it): a teacher's drawer shows the Flags item with the unreviewed count; the inbox lists the seeded self-harm flag (severity, category in words, student, assignment); opening it shows the flagged turn highlighted among the turns around it; marking it reviewed with a note records who, and the drawer's count goes down; a review made elsewhere reaches the open page by the live stream; the table's and the student page's flag counts open the record's flags; axe passes and nothing scrolls sideways at 360 px.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, contextAs, openAndSettle, trackErrors, useBrowser } from '../fixtures/browser';
import { accessible } from '../fixtures/checks';
import { flagTurns, seededFlags } from '../fixtures/seed-flags';
import { users } from '../fixtures/users';

const getBrowser = useBrowser();
const student = users.flagsStudent;
const teacherName = users.flagsTeacher.name;

/** The unreviewed count beside the drawer's Flags item (opening the phone drawer first). */
async function drawerCount(page: Page, phone: boolean): Promise<number> {
  if (phone) {
    await page.getByRole('button', { name: 'Open menu' }).click();
  }
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Flags', exact: true }).waitFor();
  const item = nav.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Flags', exact: true }) });
  // The words a screen reader hears after the link (the innermost element that says them).
  const words = item.locator('span', { hasText: /unreviewed/ });
  const text = (await words.count()) ? ((await words.last().textContent()) ?? '') : '';
  const m = /^(\d+) unreviewed$/.exec(text.trim());
  if (phone) await page.keyboard.press('Escape');
  return m ? Number(m[1]) : 0;
}

/** Waits for the drawer's count to read `want` (it follows the live stream, no reload). */
async function waitForCount(page: Page, phone: boolean, want: number) {
  await expect.poll(() => drawerCount(page, phone), { timeout: 10_000 }).toBe(want);
}

describe('Flags', () => {
  it('the inbox, one flag in context, and its review at 1280 px (dark)', async () => {
    const width = 1280;
    const context = await contextAs(getBrowser(), 'flagsTeacher', { width, height: 800, bypassCSP: true });
    const page = await context.newPage();
    const errors = trackErrors(page);
    const before = await (async () => {
      const res = await context.request.get(`${baseUrl}/api/flags/count`);
      return ((await res.json()) as { unreviewed: number }).unreviewed;
    })();
    expect(before).toBeGreaterThan(0);

    await openAndSettle(page, '/flags');
    expect(await drawerCount(page, false)).toBe(before);
    const inbox = page.getByRole('list', { name: 'Flags' });
    const rows = inbox.getByRole('listitem');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(before);
    const first = rows.first();
    await first.getByText('Self-harm', { exact: true }).waitFor();
    await first.getByText('High severity').waitFor();
    await first.getByText(`${student.name}`).waitFor();
    await first.getByText('Reading check-in', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: `Unreviewed (${before})` }).getAttribute('aria-pressed')).toBe('true');
    await accessible(page);

    // Open it: the flagged turn among those around it (3 before, 2 after), highlighted.
    await first.getByRole('button').click();
    const dialog = page.getByRole('dialog', { name: `Self-harm: ${student.name}` });
    await dialog.waitFor();
    expect(new URL(page.url()).searchParams.get('flag')).toMatch(/^[0-9a-f-]{36}$/);
    const turns = dialog.getByRole('listitem');
    await turns.first().waitFor();
    expect(await turns.count()).toBe(5);
    const flagged = dialog.locator('li[data-flagged]');
    expect(await flagged.count()).toBe(1);
    expect(await flagged.textContent()).toContain(flagTurns[2]);
    await flagged.getByText('Flagged', { exact: true }).waitFor();
    await dialog.getByText(flagTurns[0]).waitFor();
    await dialog.getByText(flagTurns[4], { exact: true }).waitFor();
    await dialog.getByText('Says they do not want to be here').waitFor();
    // The tutor's turns read as the student saw them: Markdown rendered, never raw.
    await dialog.locator('li strong', { hasText: 'really glad' }).waitFor();
    expect(await dialog.textContent()).not.toContain('**');
    await accessible(page);

    // Mark it reviewed with a note: who and when are shown, and the count goes down (live, no reload).
    const note = `Spoke with ${student.name} and their family (${width})`;
    await dialog.getByRole('textbox', { name: 'Note' }).fill(note);
    await dialog.getByRole('button', { name: 'Mark reviewed' }).click();
    await dialog.getByRole('status').getByText('Saved.').waitFor();
    await dialog.getByText(new RegExp(`^Reviewed by ${teacherName} on `)).waitFor();
    await dialog.getByRole('button', { name: 'Mark unreviewed' }).waitFor();
    await accessible(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `Unreviewed (${before - 1})` }).waitFor();
    await waitForCount(page, false, before - 1);

    // A review made elsewhere (another tab, a colleague admin) reaches this page by the live stream, no reload.
    const pending = (await (await context.request.get(`${baseUrl}/api/flags`)).json()) as { flags: { id: string }[] };
    const elsewhere = await context.request.post(`${baseUrl}/api/flags/${pending.flags[0]!.id}/review`, {
      data: { note: 'Seen in another tab', reviewed: true },
      headers: { Origin: baseUrl },
    });
    expect(elsewhere.status()).toBe(200);
    await page.getByRole('button', { name: `Unreviewed (${before - 2})` }).waitFor();
    // The filter's count and the list are two requests, refetched side by side: wait for the list too.
    await inbox.locator(`li:nth-child(${before - 1})`).waitFor({ state: 'detached' });
    expect(await rows.count()).toBe(before - 2);
    await waitForCount(page, false, before - 2);

    // The Reviewed filter lists it, with the note kept.
    await page.getByRole('button', { name: 'Reviewed', exact: true }).click();
    await inbox.getByRole('listitem').first().getByText('Reviewed', { exact: true }).waitFor();
    await inbox.getByRole('listitem').first().getByRole('button').click();
    expect(await page.getByRole('dialog').getByRole('textbox', { name: 'Note' }).inputValue()).toContain('Spoke with');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    // The assignment table's count opens the record's flags, each linking to the inbox.
    const list = await context.request.get(`${baseUrl}/api/flags?status=all`);
    const { flags } = (await list.json()) as { flags: { assignment: { id: string }; recordId: string }[] };
    const { assignment, recordId } = flags[0]!;
    await openAndSettle(page, `/teachAssignments?assignment=${assignment.id}`);
    const cell = page.locator(`tr[data-record="${recordId}"]`).getByTestId('flag-count');
    await cell.getByRole('button', { name: `${before - 2} unreviewed ${before - 2 === 1 ? 'flag' : 'flags'}: open` }).click();
    const recordDialog = page.getByRole('dialog', { name: `Flags: ${student.name}` });
    await recordDialog.getByRole('link').first().waitFor();
    expect(await recordDialog.getByRole('link').count()).toBe(seededFlags);
    await accessible(page);
    await recordDialog.getByRole('button', { name: 'Close' }).click();
    await recordDialog.waitFor({ state: 'detached' });

    // The student's page: the flags count opens the same list, under the assignment's title.
    await page.locator(`tr[data-record="${recordId}"]`).getByRole('link', { name: student.name }).click();
    const studentPage = page.getByRole('dialog', { name: student.name });
    const unreviewedNow = `${before - 2} unreviewed ${before - 2 === 1 ? 'flag' : 'flags'}: open`;
    await studentPage.getByRole('button', { name: unreviewedNow, exact: true }).click();
    await recordDialog.getByRole('heading', { name: 'Reading check-in' }).waitFor();
    expect(await recordDialog.getByRole('link').count()).toBe(seededFlags);
    await accessible(page);
    await recordDialog.getByRole('link').first().click();
    await page.waitForURL(/\/flags\?flag=/);
    await page.getByRole('dialog', { name: `Self-harm: ${student.name}` }).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });

  // Render-only: the journey's pages at 360 px in the light theme (after the journey: its reviews are made).
  it('reads well at 360 px (light): the inbox with the drawer count, a flag, its review, the record and student flags', async () => {
    const width = 360;
    const context = await contextAs(getBrowser(), 'flagsTeacher', { width, height: 800, bypassCSP: true, theme: 'light' });
    const page = await context.newPage();
    const errors = trackErrors(page);
    const unreviewed = ((await (await context.request.get(`${baseUrl}/api/flags/count`)).json()) as { unreviewed: number }).unreviewed;
    expect(unreviewed).toBeGreaterThan(0);
    await openAndSettle(page, '/flags');
    expect(await drawerCount(page, true)).toBe(unreviewed);
    const rows = page.getByRole('list', { name: 'Flags' }).getByRole('listitem');
    await rows.first().getByText('High severity').waitFor();
    await accessible(page, width);

    await rows.first().getByRole('button').click();
    const dialog = page.getByRole('dialog', { name: `Self-harm: ${student.name}` });
    await dialog.locator('li[data-flagged]').waitFor();
    await accessible(page, width);
    await dialog.getByRole('textbox', { name: 'Note' }).fill(`Spoke with ${student.name} and their family (${width})`);
    await dialog.getByRole('button', { name: 'Mark reviewed' }).click();
    await dialog.getByRole('button', { name: 'Mark unreviewed' }).waitFor();
    await accessible(page, width);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await waitForCount(page, true, unreviewed - 1);

    const { flags } = (await (await context.request.get(`${baseUrl}/api/flags?status=all`)).json()) as {
      flags: { assignment: { id: string }; recordId: string }[];
    };
    const { assignment, recordId } = flags[0]!;
    await openAndSettle(page, `/teachAssignments?assignment=${assignment.id}`);
    const flagsOpen = `${unreviewed - 1} unreviewed ${unreviewed - 1 === 1 ? 'flag' : 'flags'}: open`;
    await page.locator(`tr[data-record="${recordId}"]`).getByTestId('flag-count').getByRole('button', { name: flagsOpen }).click();
    const recordDialog = page.getByRole('dialog', { name: `Flags: ${student.name}` });
    await recordDialog.getByRole('link').first().waitFor();
    await accessible(page, width);
    await recordDialog.getByRole('button', { name: 'Close' }).click();
    await recordDialog.waitFor({ state: 'detached' });
    await page.locator(`tr[data-record="${recordId}"]`).getByRole('link', { name: student.name }).click();
    await page.getByRole('dialog', { name: student.name }).getByRole('button', { name: flagsOpen, exact: true }).click();
    await recordDialog.getByRole('heading', { name: 'Reading check-in' }).waitFor();
    await accessible(page, width);
    expect(errors).toEqual([]);
    await context.close();
  });
});
