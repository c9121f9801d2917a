import type { Page } from 'playwright-core';

/**
 * The words beside the drawer's Support item ("1 new reply"), or '' (opening the phone drawer
 * first). With `reload`, the page is loaded again first: the count is read when a page loads.
 */
export async function supportBadge(page: Page, phone: boolean, reload = false): Promise<string> {
  if (reload) {
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  }
  if (phone) await page.getByRole('button', { name: 'Open menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Support', exact: true }).waitFor();
  const item = nav.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Support', exact: true }) });
  const words = item.locator('span', { hasText: /new repl/ });
  const text = (await words.count()) ? ((await words.last().textContent()) ?? '') : '';
  if (phone) await page.keyboard.press('Escape');
  return text.trim();
}
