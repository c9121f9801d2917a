// Behaviour: the bot library lists a teacher's bots, the school's, the public ones and the templates; a school-shared bot can be copied, shared bots open read-only, collections hold bots, delete has Undo, and guessed editor URLs are not found.
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { baseUrl, contextAs, trackErrors, useBrowser } from '../fixtures/browser';
import { card, makeDocBot, openLibrary, unique, type MadeBot } from './helpers';

const getBrowser = useBrowser();

describe('the library and a school-shared bot', () => {
  // Each test gets its own school-shared bot and page, so they pass in any order.
  let admin: BrowserContext;
  let teacher: BrowserContext;
  let page: Page;
  let shared: MadeBot;
  let errors: string[];

  beforeEach(async () => {
    admin = await contextAs(getBrowser(), 'schoolAdmin');
    shared = await makeDocBot(admin, unique('Shared Worksheet'), 'school');
    teacher = await contextAs(getBrowser(), 'schoolTeacher');
    page = await teacher.newPage();
    errors = trackErrors(page);
  });
  afterEach(async () => {
    await admin.close();
    await teacher.close();
  });

  it('shows the school-shared bot under School, with View and Copy but no owner actions', async () => {
    await openLibrary(page, '/home/DocBot?tab=school', 'My DocBots');
    const c = card(page, shared.name);
    await c.waitFor();
    await c.getByText('Shared with school').waitFor();
    // Who shared it, by name (never an e-mail address).
    await c.getByText('Shared by Adam Admin').waitFor();
    expect(await c.textContent()).not.toContain('@');
    await c.getByRole('link', { name: `View ${shared.name}` }).waitFor();
    expect(await c.getByRole('link', { name: `Run ${shared.name}` }).getAttribute('href')).toBe(
      `/run-doc-bot/${shared.id}/true/new/${shared.uid}/${shared.sid}`,
    );
    expect(await c.getByRole('button', { name: `More actions for ${shared.name}` }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('copies it with one click into Mine, and the copy is the teacher’s own', async () => {
    await openLibrary(page, '/home/DocBot?tab=school', 'My DocBots');
    await card(page, shared.name)
      .getByRole('button', { name: `Copy ${shared.name}` })
      .click();
    await page.getByText(`Copied as “${shared.name} (copy)” in Mine.`).waitFor();
    await page.getByRole('tab', { name: 'Mine' }).click();
    const mine = card(page, `${shared.name} (copy)`);
    await mine.waitFor();
    await mine.getByRole('link', { name: `Edit ${shared.name} (copy)` }).waitFor();
    await mine.getByText('Not run yet').waitFor();
    expect(errors).toEqual([]);
  });

  it('opens the shared bot read-only, with Copy and adapt', async () => {
    await openLibrary(page, '/home/DocBot?tab=school', 'My DocBots');
    await card(page, shared.name)
      .getByRole('link', { name: `View ${shared.name}` })
      .click();
    await page.getByRole('heading', { level: 1, name: `View DocBot: ${shared.name}` }).waitFor();
    await page.getByText('This DocBot is shared with you').waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await page.getByLabel('Name').first().getAttribute('readonly')).not.toBeNull();
    await page.getByRole('link', { name: 'Copy and adapt' }).click();
    await page.getByRole('heading', { level: 1, name: `Copy DocBot: ${shared.name}` }).waitFor();
    expect(await page.getByLabel('Name').first().inputValue()).toBe(`${shared.name} (copy)`);
    expect(errors).toEqual([]);
  });

  it('gives the not-found page for a guessed editor URL (wrong owner, wrong school, not shared)', async () => {
    // A page of its own: the refused requests are logged in its console, as the browser does.
    const other = await teacher.newPage();
    const wrongOwner = `/docbot-add-edit/${shared.id}/true/edit/someone-else/${shared.sid}`;
    const wrongSchool = `/docbot-add-edit/${shared.id}/true/edit/${shared.uid}/none`;
    const notShared = `/docbot-add-edit/${shared.id}/false/edit/${shared.uid}/${shared.sid}`;
    const wrongKind = `/chatbot-add-edit/${shared.id}/true/edit/${shared.uid}/${shared.sid}`;
    for (const path of [
      wrongOwner,
      wrongSchool,
      notShared,
      wrongKind,
      '/docbot-add-edit/new/false/add/someone-else/none',
      '/docbot-add-edit/x/maybe/edit/u/none',
    ]) {
      await other.goto(path);
      await other.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    }
    await other.close();
  });

  it('a teacher outside the school cannot open the school-shared bot', async () => {
    const outsider = await contextAs(getBrowser(), 'freeTeacher');
    const p = await outsider.newPage();
    await p.goto(`/docbot-add-edit/${shared.id}/true/edit/${shared.uid}/${shared.sid}`);
    await p.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await openLibrary(p, '/home/DocBot', 'My DocBots');
    expect(await p.getByRole('tab', { name: 'School' }).count()).toBe(0);
    await outsider.close();
  });
});

describe('collections, sharing and delete with undo', () => {
  // Each test gets its own bot and page, so they pass in any order.
  let context: BrowserContext;
  let page: Page;
  let bot: MadeBot;
  let errors: string[];

  beforeEach(async () => {
    context = await contextAs(getBrowser(), 'premiumTeacher');
    bot = await makeDocBot(context, unique('Organised Bot'), 'private');
    page = await context.newPage();
    errors = trackErrors(page);
  });
  afterEach(async () => {
    await context.close();
  });

  it('creates a collection, moves a bot into it, and filters by it', async () => {
    await openLibrary(page, '/home/DocBot', 'My DocBots');
    const collection = unique('Unit 3');
    await page.getByRole('button', { name: 'New collection' }).click();
    const dialog = page.getByRole('dialog', { name: 'New collection' });
    await dialog.getByLabel('Collection name').fill('x'.repeat(61));
    await dialog.getByText('Keep the collection name to 60 characters or fewer.').waitFor();
    await dialog.getByLabel('Collection name').fill(collection);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByText('This collection is empty.', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'All DocBots' }).click();
    await card(page, bot.name)
      .getByRole('button', { name: `More actions for ${bot.name}` })
      .click();
    await page.getByRole('menuitem', { name: 'Move to collection' }).click();
    const move = page.getByRole('dialog', { name: `Move “${bot.name}”` });
    await move.getByRole('radio', { name: collection }).check();
    await move.getByRole('button', { name: 'Move' }).click();
    await page.getByText(`Moved to ${collection}.`).waitFor();

    await page.getByRole('button', { name: new RegExp(`^${collection}`) }).click();
    await page.getByText('1 bot shown').waitFor();
    await card(page, bot.name).waitFor();
    expect(errors).toEqual([]);
  });

  it('renames a collection and moves it up the list', async () => {
    // The collection it will move above, made through the API; the new one goes below it.
    const first = unique('Unit 3');
    const made = await context.request.post(`${baseUrl}/api/collections`, {
      headers: { Origin: baseUrl },
      data: { kind: 'DocBot', name: first },
    });
    expect(made.status()).toBe(201);
    await openLibrary(page, '/home/DocBot', 'My DocBots');
    const second = unique('Unit 4');
    await page.getByRole('button', { name: 'New collection' }).click();
    await page.getByRole('dialog', { name: 'New collection' }).getByLabel('Collection name').fill(second);
    await page.getByRole('dialog', { name: 'New collection' }).getByRole('button', { name: 'Create' }).click();
    await page.getByRole('button', { name: `Actions for collection ${second}` }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const renamed = `${second} renamed`;
    const dialog = page.getByRole('dialog', { name: 'Rename the collection' });
    await dialog.getByLabel('Collection name').fill(renamed);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: `Actions for collection ${renamed}` }).click();
    await page.getByRole('menuitem', { name: 'Move up' }).click();
    await page.getByRole('menu').waitFor({ state: 'detached' });
    const panel = page.getByRole('region', { name: 'Collections' });
    await panel.getByRole('button', { name: new RegExp(`^${renamed}`) }).waitFor();
    await expectJustAbove(page, renamed, first);
    // The order is the server's: it holds after a reload.
    await page.reload();
    await expectJustAbove(page, renamed, first);
    expect(errors).toEqual([]);
  });

  it('shares a bot publicly from its menu', async () => {
    await openLibrary(page, '/home/DocBot', 'My DocBots');
    await card(page, bot.name)
      .getByRole('button', { name: `More actions for ${bot.name}` })
      .click();
    await page.getByRole('menuitem', { name: 'Share' }).click();
    // An individual teacher has no school to share with.
    expect(await page.getByRole('menuitemradio', { name: /School/ }).count()).toBe(0);
    await page.getByRole('menuitemradio', { name: /Public/ }).click();
    await page.getByText('Now public.').waitFor();
    await card(page, bot.name).getByText('Public', { exact: true }).waitFor();
    expect(errors).toEqual([]);
  });

  it('deletes after a confirmation, and Undo brings the bot back', async () => {
    await openLibrary(page, '/home/DocBot', 'My DocBots');
    await card(page, bot.name)
      .getByRole('button', { name: `More actions for ${bot.name}` })
      .click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: `Delete “${bot.name}”?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByText(`“${bot.name}” deleted.`).waitFor();
    await card(page, bot.name).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText(`“${bot.name}” is back.`).waitFor();
    await card(page, bot.name).waitFor();
    expect(errors).toEqual([]);
  });

  it('searches the library from the one search box at the top', async () => {
    await openLibrary(page, '/home/DocBot?tab=templates', 'My DocBots');
    await card(page, 'Lesson Plan').waitFor();
    const search = page.getByRole('searchbox', { name: 'Search all templates and your bots' });
    expect(await page.getByRole('searchbox').count()).toBe(1);
    await search.fill('rubric');
    await card(page, 'Rubric').waitFor();
    await card(page, 'Lesson Plan').waitFor({ state: 'detached' });
    await search.fill('zzzz-nothing');
    await page.getByText('Nothing matches “zzzz-nothing”.').waitFor();
    expect(errors).toEqual([]);
  });
});

/** The collection named `upper` comes right before `lower` in the panel's order. */
async function expectJustAbove(page: Page, upper: string, lower: string) {
  const panel = page.getByRole('region', { name: 'Collections' });
  // The panel's order as marks, so a failure shows where the two are.
  const order = async () =>
    (await panel.getByRole('listitem').allTextContents())
      .map((n) => (n.startsWith(upper) ? 'upper' : n.startsWith(lower) ? 'lower' : '-'))
      .join(' ');
  await expect.poll(order, { timeout: 15_000 }).toContain('upper lower');
}
