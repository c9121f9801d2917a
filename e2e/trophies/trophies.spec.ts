// Behaviour (1280 px, dark; the same pages at 360 px, light, in a render-only test after it): the New assignment dialog switches each automatic trophy rule, named and described; a teacher awards a trophy with a reason from the student's row, and it shows in the record's list and the table's count; the student's Trophy Chart shows it at once with its reason and assignment (tooltip and accessible name), and follows 30 more awards live: 30 icons and the total as a number; the teacher takes one back (Undo offered) and the chart follows; axe passes and nothing scrolls sideways at 360 px.
import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call } from '../fixtures/api';
import { contextAs, openAndSettle, trackErrors, useBrowser } from '../fixtures/browser';
import { accessible, shoot, token } from '../fixtures/checks';
import { users } from '../fixtures/users';

const getBrowser = useBrowser();
const student = users.trophyStudent;

/** A class with the trophy student on it and an assignment of a TutorBot template to it; the student's record id. */
async function seed(teacher: APIRequestContext, title: string) {
  const cls = await call<{ id: string }>(teacher, 'POST', '/api/classes', { name: `Trophies ${title}`.slice(0, 80) });
  await call(teacher, 'POST', `/api/classes/${cls.id}/students`, { students: [{ email: student.email, name: student.name }] });
  const templates = await call<{ items: { id: string; name: string }[] }>(
    teacher,
    'GET',
    '/api/bots?kind=TutorBot&tab=templates&limit=100',
  );
  const bot = templates.items.find((b) => b.name === 'Socratic Math Tutor');
  if (!bot) throw new Error('the TutorBot template is missing');
  const made = await call<{ id: string }>(teacher, 'POST', '/api/assignments', {
    botId: bot.id,
    title,
    instructions: '',
    dueAt: null,
    messageBudget: null,
    classIds: [cls.id],
  });
  const detail = await call<{ students: { id: string; email: string }[] }>(teacher, 'GET', `/api/assignments/${made.id}`);
  const record = detail.students.find((r) => r.email === student.email);
  if (!record) throw new Error('the student has no record');
  return { assignmentId: made.id, recordId: record.id };
}

const total = (page: Page) => page.getByTestId('trophy-total');
const totalIs = (page: Page, n: number) =>
  page.waitForFunction((want) => document.querySelector('[data-testid="trophy-total"]')?.firstChild?.textContent === String(want), n);

describe('Trophies', () => {
  it("rules in the New dialog, an award by hand, and the student's chart live at 1280 px (dark)", async () => {
    const width = 1280;
    const t = token();
    const title = `Ratios ${t}`;
    const reason = `Clear explanation of equivalent ratios ${t}`;
    const teacherContext = await contextAs(getBrowser(), 'premiumTeacher', { width, height: 800, bypassCSP: true });
    const studentContext = await contextAs(getBrowser(), 'trophyStudent', { width, height: 800, bypassCSP: true });
    const { assignmentId, recordId } = await seed(teacherContext.request, title);
    const before = (await call<{ total: number }>(studentContext.request, 'GET', '/api/my-trophies')).total;

    // The New assignment dialog: one switch per rule, all on, each named by its label and described.
    const teacher = await teacherContext.newPage();
    const teacherErrors = trackErrors(teacher);
    await openAndSettle(teacher, '/teachAssignments');
    await teacher.getByRole('button', { name: 'New assignment' }).first().click();
    const newDialog = teacher.getByRole('dialog', { name: 'New assignment' });
    const rules = newDialog.getByRole('group', { name: 'Trophies' });
    for (const name of ['Kept going', 'Worked through the hints', 'Came back', 'Finished early']) {
      const sw = rules.getByRole('switch', { name, exact: true });
      expect(await sw.isChecked()).toBe(true);
    }
    const early = rules.getByRole('switch', { name: 'Finished early', exact: true });
    expect(await early.getAttribute('aria-describedby')).toBeTruthy();
    await rules.getByText('The student handed the work in before the due date.').waitFor();
    await early.click();
    expect(await early.isChecked()).toBe(false);
    await rules.scrollIntoViewIfNeeded();
    await shoot(teacher, `trophies-rules-${width}`);
    await accessible(teacher);
    await newDialog.getByRole('button', { name: 'Cancel' }).click();
    await newDialog.waitFor({ state: 'detached' });

    // The student's chart before: what they had.
    const page = await studentContext.newPage();
    const errors = trackErrors(page);
    await openAndSettle(page, '/studentAssignments');
    await total(page).waitFor();
    await totalIs(page, before);

    // The teacher awards one from the student's row: a reason is required.
    await openAndSettle(teacher, `/teachAssignments?assignment=${assignmentId}`);
    const row = teacher.locator(`tr[data-record="${recordId}"]`);
    expect(await row.getByTestId('trophy-count').textContent()).toBe('0');
    await row.getByRole('button', { name: `More actions: ${student.name}` }).click();
    await teacher.getByRole('menuitem', { name: 'Award a trophy' }).click();
    const dialog = teacher.getByRole('dialog', { name: `Trophies for ${student.name}` });
    await dialog.getByText('No trophies on this assignment yet.').waitFor();
    await dialog.getByRole('button', { name: 'Award', exact: true }).click();
    await dialog.getByText('Say what the trophy is for.').waitFor();
    await dialog.getByRole('button', { name: 'Great effort' }).click();
    expect(await dialog.getByRole('textbox', { name: 'What is it for?' }).inputValue()).toBe('Great effort');
    await dialog.getByRole('textbox', { name: 'What is it for?' }).fill(reason);
    await dialog.getByRole('button', { name: 'Award', exact: true }).click();
    await dialog.getByRole('status').getByText(`Trophy awarded to ${student.name}.`).waitFor();
    await dialog
      .getByRole('listitem')
      .filter({ hasText: reason })
      .getByText(/^From you/)
      .waitFor();
    await shoot(teacher, `trophies-award-dialog-${width}`);
    await accessible(teacher);

    // The student's chart follows without a reload: the icon says why and where.
    await totalIs(page, before + 1);
    const icon = page.getByRole('img', { name: `${reason} (${title})` });
    await icon.waitFor();
    const tip = page.getByRole('tooltip').getByText(`${reason} (${title})`);
    await icon.hover();
    await tip.waitFor();
    // Keyboard focus shows it too.
    await page.mouse.move(0, 0);
    await tip.waitFor({ state: 'detached' });
    await icon.focus();
    await tip.waitFor();
    await shoot(page, `trophies-chart-one-${width}`);

    // 30 more (through the API): 30 icons at most, the total as a number, the newest first.
    for (let i = 1; i <= 30; i++) {
      await call(teacherContext.request, 'POST', `/api/assignments/${assignmentId}/students/${recordId}/trophies`, {
        reason: `Step ${i} done well ${t}`,
      });
    }
    await totalIs(page, before + 31);
    const chart = page.getByRole('list', { name: `Your trophies: ${before + 31} in all. Use the arrow keys to read each one.` });
    await chart.waitFor();
    expect(await chart.locator('[data-trophy]').count()).toBe(30);
    expect(await chart.locator('[data-trophy]').first().getAttribute('aria-label')).toBe(`Step 30 done well ${t} (${title})`);
    await page.getByText(`Showing 30 of ${before + 31} trophies`).waitFor();
    // One Tab stop; the arrow keys move along the icons.
    await chart.locator('[data-trophy]').first().focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Step 29 done well ${t} (${title})`);
    await page.mouse.move(0, 0);
    await shoot(page, `trophies-chart-31-${width}`);
    await accessible(page);

    // The teacher's table and list follow; taking back the newest offers Undo, and the chart follows.
    await row.getByTestId('trophy-count').getByText('31').waitFor();
    const newest = dialog.getByRole('listitem').filter({ hasText: `Step 30 done well ${t}` });
    await newest.getByRole('button', { name: `Take back: Step 30 done well ${t}` }).click();
    await dialog.getByRole('status').getByText('Trophy taken back.').waitFor();
    await dialog.getByRole('button', { name: 'Undo' }).waitFor();
    await newest.waitFor({ state: 'detached' });
    await totalIs(page, before + 30);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await row.getByTestId('trophy-count').getByText('30').waitFor();

    expect(teacherErrors).toEqual([]);
    expect(errors).toEqual([]);
    await teacherContext.close();
    await studentContext.close();
  });

  // Render-only: the journey's pages at 360 px in the light theme, the student's chart behind the phone menu.
  it('reads well at 360 px (light): the rules, the award dialog and the chart of 31', async () => {
    const width = 360;
    const t = token();
    const title = `Ratios ${t}`;
    const teacherContext = await contextAs(getBrowser(), 'premiumTeacher', { width, height: 800, bypassCSP: true, theme: 'light' });
    const studentContext = await contextAs(getBrowser(), 'trophyStudent', { width, height: 800, bypassCSP: true, theme: 'light' });
    const { assignmentId, recordId } = await seed(teacherContext.request, title);
    for (let i = 0; i <= 30; i++) {
      await call(teacherContext.request, 'POST', `/api/assignments/${assignmentId}/students/${recordId}/trophies`, {
        reason: `Step ${i} done well ${t}`,
      });
    }
    const teacher = await teacherContext.newPage();
    const teacherErrors = trackErrors(teacher);
    await openAndSettle(teacher, '/teachAssignments');
    await teacher.getByRole('button', { name: 'New assignment' }).first().click();
    const newDialog = teacher.getByRole('dialog', { name: 'New assignment' });
    const rules = newDialog.getByRole('group', { name: 'Trophies' });
    await rules.getByText('The student handed the work in before the due date.').waitFor();
    await rules.scrollIntoViewIfNeeded();
    await shoot(teacher, `trophies-rules-${width}`);
    await accessible(teacher, width);
    await newDialog.getByRole('button', { name: 'Cancel' }).click();

    await openAndSettle(teacher, `/teachAssignments?assignment=${assignmentId}`);
    const row = teacher.locator(`tr[data-record="${recordId}"]`);
    await row.getByTestId('trophy-count').getByText('31').waitFor();
    await row.getByRole('button', { name: `More actions: ${student.name}` }).click();
    await teacher.getByRole('menuitem', { name: 'Award a trophy' }).click();
    const dialog = teacher.getByRole('dialog', { name: `Trophies for ${student.name}` });
    await dialog
      .getByRole('listitem')
      .filter({ hasText: `Step 30 done well ${t}` })
      .waitFor();
    await shoot(teacher, `trophies-award-dialog-${width}`);
    await accessible(teacher, width);

    const page = await studentContext.newPage();
    const errors = trackErrors(page);
    await openAndSettle(page, '/studentAssignments');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const chart = page.getByRole('list', { name: /^Your trophies: \d+ in all\./ });
    await chart.locator('[data-trophy]').first().waitFor();
    expect(await chart.locator('[data-trophy]').count()).toBe(30);
    await page.getByRole('img', { name: `Step 30 done well ${t} (${title})` }).waitFor();
    await page.mouse.move(0, 0);
    await shoot(page, `trophies-chart-31-${width}`);
    await accessible(page, width);
    expect(teacherErrors).toEqual([]);
    expect(errors).toEqual([]);
    await teacherContext.close();
    await studentContext.close();
  });
});
