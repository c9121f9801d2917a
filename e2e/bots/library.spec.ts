// Behaviour: the bot library lists a teacher's bots, the school's, the public ones and the templates; a school-shared bot can be copied, shared bots open read-only, collections hold bots, delete has Undo, and guessed editor URLs are not found.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextAs, trackErrors, useBrowser } from '../fixtures/browser';
import { card, makeDocBot, openLibrary, unique, type MadeBot } from './helpers';

const getBrowser = useBrowser();

describe('the library and a school-shared bot', () => {
  let admin: BrowserContext;
  let teacher: BrowserContext;
  let page: Page;
  let shared: MadeBot;
  let errors: string[];

  beforeAll(async () => {
    admin = await contextAs(getBrowser(), 'schoolAdmin');
    shared = await makeDocBot(admin, unique('Shared Worksheet'), 'school');
    teacher = await contextAs(getBrowser(), 'schoolTeacher');
    page = await teacher.newPage();
    errors = trackErrors(page);
  });
  afterAll(async () => {
    await admin.close();
    await teacher.close();
  });

  it('shows the school-shared bot under School, with View and Copy but no owner actions', async () => {
    await openLibrary(page, '/home/DocBot?tab=school', 'My DocBots');
    const c = card(page, shared.name);
    await c.waitFor();
    await c.getByText('Shared with school').waitFor();
    await c.getByRole('link', { name: `View ${shared.name}` }).waitFor();
    expect(await c.getByRole('link', { name: `Run ${shared.name}` }).getAttribute('href')).toBe(
      `/run-doc-bot/${shared.id}/true/new/${shared.uid}/${shared.sid}`,
    );
    expect(await c.getByRole('button', { name: `More actions for ${shared.name}` }).count()).toBe(0);
  });

  it('copies it with one click into Mine, and the copy is the teacher’s own', async () => {
    await card(page, shared.name)
      .getByRole('button', { name: `Copy ${shared.name}` })
      .click();
    await page.getByText(`Copied as “${shared.name} (copy)” in Mine.`).waitFor();
    await page.getByRole('tab', { name: 'Mine' }).click();
    const mine = card(page, `${shared.name} (copy)`);
    await mine.waitFor();
    await mine.getByRole('link', { name: `Edit ${shared.name} (copy)` }).waitFor();
    await mine.getByText('Not run yet').waitFor();
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
  });

  it('logs no error in the browser', () => {
    expect(errors).toEqual([]);
  });

  it('gives the not-found page for a guessed editor URL (wrong owner, wrong school, not shared)', async () => {
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
  let context: BrowserContext;
  let page: Page;
  let bot: MadeBot;
  let errors: string[];

  beforeAll(async () => {
    context = await contextAs(getBrowser(), 'premiumTeacher');
    bot = await makeDocBot(context, unique('Organised Bot'), 'private');
    page = await context.newPage();
    errors = trackErrors(page);
  });
  afterAll(async () => {
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
  });

  it('renames a collection and moves it up the list', async () => {
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
    const panel = page.getByRole('region', { name: 'Collections' });
    await panel.getByRole('button', { name: new RegExp(`^${renamed}`) }).waitFor();
    await expectFirstCollection(page, renamed);
    // The order is the server's: it holds after a reload.
    await page.reload();
    await expectFirstCollection(page, renamed);
    await page.getByRole('button', { name: 'All DocBots' }).click();
  });

  it('shares a bot publicly from its menu', async () => {
    await card(page, bot.name)
      .getByRole('button', { name: `More actions for ${bot.name}` })
      .click();
    await page.getByRole('menuitem', { name: 'Share' }).click();
    // An individual teacher has no school to share with.
    expect(await page.getByRole('menuitemradio', { name: /School/ }).count()).toBe(0);
    await page.getByRole('menuitemradio', { name: /Public/ }).click();
    await page.getByText('Now public.').waitFor();
    await card(page, bot.name).getByText('Public', { exact: true }).waitFor();
  });

  it('deletes after a confirmation, and Undo brings the bot back', async () => {
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
  });

  it('searches the library', async () => {
    await openLibrary(page, '/home/DocBot?tab=templates', 'My DocBots');
    await card(page, 'Lesson Plan').waitFor();
    await page.getByLabel('Search DocBots').fill('rubric');
    await card(page, 'Rubric').waitFor();
    await card(page, 'Lesson Plan').waitFor({ state: 'detached' });
    await page.getByLabel('Search DocBots').fill('zzzz-nothing');
    await page.getByText('Nothing matches “zzzz-nothing”.').waitFor();
  });

  it('logs no error in the browser', () => {
    expect(errors).toEqual([]);
  });
});

/** The first collection after All, in the panel's order. */
async function expectFirstCollection(page: Page, name: string) {
  const panel = page.getByRole('region', { name: 'Collections' });
  await expect.poll(async () => (await panel.getByRole('listitem').nth(1).textContent())?.startsWith(name)).toBe(true);
}

describe('an empty library', () => {
  it('invites the teacher to start from a template', async () => {
    const context = await contextAs(getBrowser(), 'support');
    const page = await context.newPage();
    await openLibrary(page, '/home/TutorBot', 'My TutorBots');
    await page.getByRole('heading', { name: 'You have no TutorBots yet' }).waitFor();
    await page.getByRole('button', { name: 'Browse the templates' }).click();
    await page.getByRole('tab', { name: 'Templates', selected: true }).waitFor();
    await card(page, 'Socratic Math Tutor').waitFor();
    await context.close();
  });
});
