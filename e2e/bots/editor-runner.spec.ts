// Behaviour: the editor and the runner share one copy of a bot, so a bot edited and saved in the editor opens in its runner as edited, without waiting for the server.
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contextAs, trackErrors, useBrowser } from '../fixtures/browser';
import { card, makeDocBot, openLibrary, unique } from './helpers';

const getBrowser = useBrowser();

describe('editing a bot, then running it', () => {
  it('shows the edited bot in the runner, even while the runner is still asking the server', async () => {
    const context = await contextAs(getBrowser(), 'premiumTeacher');
    const page = await context.newPage();
    const errors = trackErrors(page);
    const before = unique('Cache Check');
    const after = `${before} edited`;
    const bot = await makeDocBot(context, before, 'private');

    // The runner loads the bot first, so its copy is in the page's cache before the edit.
    await openLibrary(page, '/home/DocBot', 'My DocBots');
    await card(page, before)
      .getByRole('link', { name: `Run ${before}` })
      .click();
    await page.getByRole('heading', { level: 1, name: before }).waitFor();
    await page.goBack();
    await card(page, before)
      .getByRole('link', { name: `Edit ${before}` })
      .click();
    await page.getByRole('heading', { level: 1, name: `Edit DocBot: ${before}` }).waitFor();

    await page.getByRole('textbox', { name: 'Name' }).fill(after);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await page.getByRole('heading', { level: 1, name: `Edit DocBot: ${after}` }).waitFor();

    // Hold the runner's own request for the bot: what it shows meanwhile comes from the cache.
    const held: Route[] = [];
    const botRequest = (url: URL) => url.pathname === `/api/bots/${bot.id}`;
    await page.route(botRequest, (route) => void held.push(route));
    await page.getByRole('link', { name: 'Open in runner' }).click();
    await page.getByRole('heading', { level: 1, name: after }).waitFor({ timeout: 5_000 });
    expect(await page.getByRole('heading', { level: 1, name: before, exact: true }).count()).toBe(0);

    await page.unroute(botRequest);
    await Promise.all(held.map((route) => route.continue()));
    await page.getByRole('heading', { level: 1, name: after }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
