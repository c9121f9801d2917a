// Behaviour: sign-up offers "I'm a student" first, preselected, with "Your teacher has added this address to a class." when the typed address is on a teacher's roster (checked on leaving the field), and goes back to the teacher choice for another address; a role the person picked stays picked.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../fixtures/axe';
import { baseUrl, contextAs, trackErrors, useBrowser } from '../fixtures/browser';

const getBrowser = useBrowser();
const fresh = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@classbots.test`;
const hint = 'Your teacher has added this address to a class.';

/** The role radios' names in the order they are shown. */
const roleOrder = (page: Page) =>
  page
    .getByRole('radiogroup', { name: 'I am' })
    .getByRole('radio')
    .evaluateAll((els) => els.map((e) => e.closest('label')?.textContent ?? ''));

describe('sign-up and the roster hint', () => {
  it('puts "I\'m a student" first and picks it for an address on a roster, and not for another', async () => {
    // A premium teacher puts a new address on a class roster.
    const rostered = fresh('rostered');
    const teacher = await contextAs(getBrowser(), 'premiumTeacher');
    const made = await teacher.request.post(`${baseUrl}/api/classes`, {
      data: { name: 'Signup hint', section: 'P3' },
      headers: { Origin: baseUrl },
    });
    expect(made.status()).toBe(201);
    const { id } = (await made.json()) as { id: string };
    // Pasted as a bare address beside a bad line: the address is added all the same.
    const added = await teacher.request.post(`${baseUrl}/api/classes/${id}/students/paste`, {
      data: { text: `${rostered}\nnot an address` },
      headers: { Origin: baseUrl },
    });
    expect(added.status()).toBe(201);
    const pasted = (await added.json()) as { added: { name: string }[]; bad: { line: number }[] };
    expect([pasted.added.length, pasted.bad.map((b) => b.line)]).toEqual([1, [2]]);
    await teacher.close();

    const context = await contextAs(getBrowser(), null, { width: 360, height: 760, bypassCSP: true });
    const page = await context.newPage();
    const errors = trackErrors(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(await roleOrder(page)).toEqual(["I'm a teacher", "I'm a student"]);
    expect(await page.getByRole('radio', { name: "I'm a teacher" }).isChecked()).toBe(true);

    await page.getByLabel('Email').fill(rostered.toUpperCase());
    await page.getByLabel('Password').focus();
    await page.getByText(hint).waitFor();
    expect(await roleOrder(page)).toEqual(["I'm a student", "I'm a teacher"]);
    expect(await page.getByRole('radio', { name: "I'm a student" }).isChecked()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // Another address: the hint goes, and the teacher choice is back first and picked.
    await page.getByLabel('Email').fill(fresh('someone-else'));
    await page.getByLabel('Name').focus();
    await page.getByText(hint).waitFor({ state: 'detached' });
    expect(await roleOrder(page)).toEqual(["I'm a teacher", "I'm a student"]);
    expect(await page.getByRole('radio', { name: "I'm a teacher" }).isChecked()).toBe(true);

    // Back to the rostered address: the student choice again. Once the person picks a role, it stays picked.
    await page.getByLabel('Email').fill(rostered);
    await page.getByLabel('Name').focus();
    await page.getByText(hint).waitFor();
    expect(await page.getByRole('radio', { name: "I'm a student" }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: "I'm a teacher" }).check();
    await page.getByLabel('Email').fill(fresh('third'));
    await page.getByLabel('Name').focus();
    await page.getByText(hint).waitFor({ state: 'detached' });
    await page.getByLabel('Email').fill(rostered);
    await page.getByLabel('Name').focus();
    await page.getByText(hint).waitFor();
    expect(await page.getByRole('radio', { name: "I'm a teacher" }).isChecked()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
