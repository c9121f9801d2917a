// Behaviour: the one search box at the top of every /home/{type} searches the templates and the teacher's own bots of every kind at once ("email parent" finds Parent E-mail first), ranks what teachers type in English and Spanish ("essay rubric", "Plan de clase", "hoja de trabajo"), keeps its query in the address and filters the library tab below with it, and opens each result where it belongs; "Continue where you left off" shows the latest run and saved item and reopens them; a free teacher sees this month's generations in the drawer, updated after a generation; layouts, axe and screenshots at 1280, 390 (Spanish) and 360 px in both themes.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contextAs, trackErrors, useBrowser } from './fixtures/browser';
import { accessible } from './fixtures/checks';
import { scrollsSideways } from './fixtures/ui';
import { card, copyTemplate, unique } from './bots/helpers';
import { choose, replyDone, shoot } from './runs/helpers';

const getBrowser = useBrowser();

const words = {
  en: { search: 'Search all templates and your bots', templates: 'Templates', yours: 'Your bots', title: 'My DocBots' },
  es: { search: 'Buscar en todas las plantillas y tus bots', templates: 'Plantillas', yours: 'Tus bots', title: 'Mis DocBots' },
};
type Language = keyof typeof words;

const search = (page: Page, language: Language = 'en') => page.getByRole('searchbox', { name: words[language].search });
const results = (page: Page, group: 'Templates' | 'Your bots', language: Language = 'en') =>
  page.getByRole('list', { name: words[language][group === 'Templates' ? 'templates' : 'yours'] });
/** The first start result of a group, as text, once the search has answered. */
const firstResult = (page: Page, language: Language = 'en') => results(page, 'Templates', language).getByRole('link').first().textContent();
/** The name of the first card in the library tab below the search. */
const firstCard = (page: Page) => page.getByRole('tabpanel').getByRole('article').first().getByRole('heading').textContent();

/** Generates a document in a DocBot runner already open on its form (an Exit Ticket's fields). */
async function generateExitTicket(page: Page) {
  await choose(page, 'Grade level', 'Grade 5');
  await page.getByRole('textbox', { name: 'Lesson objective' }).fill('Compare fractions');
  await page.getByRole('button', { name: 'Generate' }).click();
  await page.getByTestId('document').getByRole('heading', { name: 'Lesson document' }).waitFor();
  await replyDone(page);
}

describe('the start page at the top of /home/{type}', () => {
  it('finds a template and an own bot of another kind from /home/DocBot, and opens each in its runner', async () => {
    const context = await contextAs(getBrowser(), 'premiumTeacher');
    const page = await context.newPage();
    const errors = trackErrors(page);
    const tutor = await copyTemplate(context, 'TutorBot', 'Socratic Math Tutor', unique('Kestrel tutor'));
    await page.goto('/home/DocBot');
    await page.getByRole('heading', { level: 1, name: 'My DocBots' }).waitFor();

    await search(page).fill('kestrel');
    const own = results(page, 'Your bots').getByRole('link', { name: new RegExp(`^${tutor.name}`) });
    await own.waitFor();
    expect(await own.textContent()).toContain('Your TutorBot');
    await own.click();
    await page.waitForURL(`**/run-tutor-bot/${tutor.id}/false/new/${tutor.uid}/${tutor.sid}`);

    await page.goto('/home/DocBot');
    // Typed as people type: no hyphen, either word first; the best match comes first.
    await search(page).fill('email parent');
    const email = results(page, 'Templates').getByRole('link').first();
    await expect.poll(() => email.textContent()).toContain('Parent E-mail');
    expect(await email.textContent()).toContain('Template · DocBot');
    await email.click();
    await page.waitForURL(/\/run-doc-bot\/[0-9a-f-]{36}\/true\/new\/builtin\/none$/);
    // The parent e-mail asks no grade level.
    await page.getByRole('textbox', { name: 'Points to include' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Grade level' }).count()).toBe(0);

    // The most useful templates come first when the search is broad.
    await page.goto('/home/ChatBot');
    await search(page).fill('lesson');
    await results(page, 'Templates').getByRole('link').first().waitFor();
    expect(await results(page, 'Templates').getByRole('link').first().textContent()).toContain('Lesson Plan');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('ranks what teachers type in both languages, keeps the query in the address and filters the tab below with it', async () => {
    const context = await contextAs(getBrowser(), 'premiumTeacher', { bypassCSP: true });
    const page = await context.newPage();
    const errors = trackErrors(page);
    await page.goto('/home/DocBot?tab=templates');
    await page.getByRole('heading', { level: 1, name: 'My DocBots' }).waitFor();
    await card(page, 'Lesson Plan').waitFor();
    // One search box: the start panel's, whose query the tab below lists too.
    expect(await page.getByRole('searchbox').count()).toBe(1);

    // Not every word is in the name, nor in this order.
    await search(page).fill('essay rubric');
    await expect.poll(() => firstResult(page)).toContain('Rubric');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('essay rubric');
    await card(page, 'Lesson Plan').waitFor({ state: 'detached' });
    expect(await firstCard(page)).toBe('Rubric');

    // A phrase and a word of no template; Enter searches at once.
    await search(page).fill('lesson plan photosynthesis');
    await search(page).press('Enter');
    await expect.poll(() => firstResult(page)).toContain('Lesson Plan');
    await expect.poll(() => firstCard(page)).toBe('Lesson Plan');
    await accessible(page, 1280);

    // Back from a result comes back to the same search; Escape clears it.
    await results(page, 'Templates').getByRole('link').first().click();
    await page.waitForURL(/\/run-doc-bot\//);
    await page.goBack();
    await expect.poll(() => search(page).inputValue()).toBe('lesson plan photosynthesis');
    await expect.poll(() => firstCard(page)).toBe('Lesson Plan');
    await search(page).press('Escape');
    await page.getByRole('heading', { name: /Continue where you left off|Popular templates/ }).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBeNull();
    await card(page, 'Rubric').waitFor();
    expect(errors).toEqual([]);
    await context.close();

    // A Spanish reader searches the Spanish names and descriptions, at phone width.
    const spanish = await contextAs(getBrowser(), 'premiumTeacher', { language: 'es', width: 390, height: 844, bypassCSP: true });
    const es = await spanish.newPage();
    const esErrors = trackErrors(es);
    await es.goto('/home/DocBot?tab=templates');
    await es.getByRole('heading', { level: 1, name: 'Mis DocBots' }).waitFor();
    for (const [query, name] of [
      ['Plan de clase', 'Plan de clase'],
      ['hoja de trabajo', 'Hoja de trabajo'],
      ['correo', 'Correo a las familias'],
    ] as const) {
      await search(es, 'es').fill(query);
      await expect.poll(() => firstResult(es, 'es')).toContain(name);
      await expect.poll(() => firstCard(es)).toBe(name);
    }
    await accessible(es, 390);
    await shoot(es, 'start-390-es-search-correo');
    expect(esErrors).toEqual([]);
    await spanish.close();
  });

  it('shows the latest run and saved item under "Continue where you left off", each reopening where it was left', async () => {
    const context = await contextAs(getBrowser(), 'schoolTeacher');
    const page = await context.newPage();
    const errors = trackErrors(page);
    const bot = await copyTemplate(context, 'DocBot', 'Exit Ticket', unique('Wren ticket'));
    await page.goto(`/run-doc-bot/${bot.id}/false/new/${bot.uid}/${bot.sid}`);
    await generateExitTicket(page);
    await expect.poll(() => new URL(page.url()).searchParams.get('c')).toBeTruthy();
    const conversationId = new URL(page.url()).searchParams.get('c')!;
    await page.getByRole('button', { name: 'Save to Saved Docs' }).click();
    await page.getByText('Saved to Saved Docs.').waitFor();
    await expect.poll(() => /\/run-doc-bot\/[^/]+\/false\/([0-9a-f-]{36})\//.exec(page.url())?.[1]).toBeTruthy();
    const savedId = /\/run-doc-bot\/[^/]+\/false\/([0-9a-f-]{36})\//.exec(page.url())![1]!;

    // From another kind's page, both are there.
    await page.goto('/home/TutorBot');
    const row = page.getByRole('list', { name: 'Continue where you left off' });
    const run = row.getByRole('link', { name: new RegExp(`^${bot.name}.*DocBot run`) });
    await run.waitFor();
    const saved = row.getByRole('link', { name: /Saved Docs ·/ }).first();
    await saved.waitFor();
    expect(await saved.getAttribute('href')).toBe(`/run-doc-bot/${bot.id}/false/${savedId}/${bot.uid}/${bot.sid}`);

    await run.click();
    await page.waitForURL(`**/run-doc-bot/${bot.id}/false/new/${bot.uid}/${bot.sid}?c=${conversationId}`);
    await page.getByTestId('document').getByRole('heading', { name: 'Lesson document' }).waitFor();

    await page.goBack();
    await row
      .getByRole('link', { name: /Saved Docs ·/ })
      .first()
      .click();
    await page.waitForURL(`**/run-doc-bot/${bot.id}/false/${savedId}/${bot.uid}/${bot.sid}`);
    await page.getByTestId('document').getByRole('heading', { name: 'Lesson document' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a free teacher this month's generations in the drawer and counts a generation at once", async () => {
    const context = await contextAs(getBrowser(), 'freeTeacher');
    const page = await context.newPage();
    const errors = trackErrors(page);
    const bot = await copyTemplate(context, 'DocBot', 'Exit Ticket', unique('Usage ticket'));
    await page.goto(`/run-doc-bot/${bot.id}/false/new/${bot.uid}/${bot.sid}`);
    const meter = page.getByTestId('usage-meter');
    await meter.getByText(/^\d+ of \d+ generations used$/).waitFor();
    const read = async () =>
      /^(\d+) of (\d+)/
        .exec((await meter.textContent()) ?? '')!
        .slice(1)
        .map(Number) as [number, number];
    const [before, limit] = await read();
    expect(before).toBeLessThan(limit);
    await generateExitTicket(page);
    // No reload: the meter refreshes itself once the generation is done.
    await meter.getByText(`${before + 1} of ${limit} generations used`).waitFor();
    expect(Number(await meter.getByRole('progressbar').getAttribute('aria-valuenow'))).toBeCloseTo(((before + 1) / limit) * 100);

    // A premium teacher has no meter.
    const premium = await contextAs(getBrowser(), 'premiumTeacher');
    const other = await premium.newPage();
    await other.goto('/home/DocBot');
    await other.getByRole('heading', { level: 1, name: 'My DocBots' }).waitFor();
    expect(await other.getByTestId('usage-meter').count()).toBe(0);
    expect(errors).toEqual([]);
    await premium.close();
    await context.close();
  });

  it.each([
    [1280, 'dark', 'en'],
    [1280, 'light', 'en'],
    [390, 'dark', 'es'],
    [390, 'light', 'es'],
    [360, 'dark', 'en'],
    [360, 'light', 'en'],
  ] as const)('lays out /home/DocBot at %i px in the %s theme (%s) without sideways scrolling', async (width, theme, language) => {
    const context = await contextAs(getBrowser(), 'freeTeacher', {
      width,
      height: width === 1280 ? 900 : width === 390 ? 844 : 740,
      theme,
      ...(language === 'es' ? { language } : {}),
      bypassCSP: true,
    });
    const page = await context.newPage();
    await page.goto('/home/DocBot');
    await page.getByRole('heading', { level: 1, name: words[language].title }).waitFor();
    await search(page, language).waitFor();
    await page
      .getByRole('heading', { name: /Continue where you left off|Popular templates|Continúa donde te quedaste|Plantillas populares/ })
      .waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    // Bot icons draw with the shipped emoji font: this Chromium has no emoji font of its own, so
    // a coloured pixel of 📄 can only come from the app's Noto Color Emoji.
    const coloured = await page.evaluate(async () => {
      await document.fonts.load('32px "Noto Color Emoji"', '📄');
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 40;
      const ctx = canvas.getContext('2d')!;
      ctx.font = '32px "Noto Color Emoji"';
      ctx.fillText('📄', 0, 32);
      const px = ctx.getImageData(0, 0, 40, 40).data;
      let n = 0;
      for (let i = 0; i < px.length; i += 4) if (px[i + 3]! > 0 && (px[i] !== px[i + 1] || px[i + 1] !== px[i + 2])) n++;
      return n;
    });
    expect(coloured).toBeGreaterThan(20);
    await page.evaluate(() => document.fonts.ready);
    await shoot(page, `start-${width}-${theme}-${language}`);
    // The search answers in the start results, and the Templates tab keeps it.
    const [query, name] = language === 'es' ? ['hoja de trabajo', 'Hoja de trabajo'] : ['quiz', 'Quiz with Answer Key'];
    await search(page, language).fill(query);
    await expect.poll(() => firstResult(page, language)).toContain(name.split(' ')[0]);
    await page.getByRole('tab', { name: words[language].templates }).click();
    await expect.poll(() => firstCard(page)).toBe(name);
    expect(new URL(page.url()).searchParams.get('q')).toBe(query);
    await accessible(page, width);
    expect(await scrollsSideways(page)).toBe(false);
    await shoot(page, `start-${width}-${theme}-${language}-search`);
    await context.close();
  });
});
