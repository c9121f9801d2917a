// Behaviour: a teacher makes a DocBot from a template in the editor's copy mode, edits it with inline messages from the contract, finds it in the library; the editors warn before leaving unsaved changes, and leaving gives up a knowledge file uploaded there; a DocBot's form fields and a TutorBot's settings are edited; screenshots at desktop and 360 px.
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contextAs, trackErrors, useBrowser } from '../fixtures/browser';
import { shoot } from '../fixtures/checks';
import { scrollsSideways, transitionsDone } from '../fixtures/ui';
import { template } from '../runs/helpers';
import { card, copyTemplate, docBotEditPath, makeDocBot, openLibrary, templateCopyPath, unique } from './helpers';

const getBrowser = useBrowser();

describe('from a template to my own DocBot', () => {
  // Each test opens its own page and makes the bot it needs, so they pass in any order.
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeEach(async () => {
    context = await contextAs(getBrowser(), 'premiumTeacher');
    page = await context.newPage();
    errors = trackErrors(page);
  });
  afterEach(async () => {
    await context.close();
  });

  /** Opens the editor's copy mode for the Lesson Plan template. */
  async function openLessonPlanCopy() {
    await page.goto(templateCopyPath(await template(context.request, 'DocBot', 'Lesson Plan')));
    await page.getByRole('heading', { level: 1, name: 'Copy DocBot: Lesson Plan' }).waitFor();
  }

  it('opens a template read-only and copies it into the editor', async () => {
    await openLibrary(page, '/home/DocBot?tab=templates', 'My DocBots');
    const lessonPlan = card(page, 'Lesson Plan');
    await lessonPlan.getByText('Built-in template').waitFor();
    expect(await lessonPlan.getByRole('link', { name: 'Run Lesson Plan' }).getAttribute('href')).toMatch(
      /^\/run-doc-bot\/[0-9a-f-]{36}\/true\/new\/builtin\/none$/,
    );
    await lessonPlan.getByRole('link', { name: 'View Lesson Plan' }).click();
    await page.getByRole('heading', { level: 1, name: 'View DocBot: Lesson Plan' }).waitFor();
    expect(page.url()).toMatch(/\/docbot-add-edit\/[0-9a-f-]{36}\/true\/edit\/builtin\/none$/);
    await page.getByRole('link', { name: 'Copy and adapt' }).click();
    await page.getByRole('heading', { level: 1, name: 'Copy DocBot: Lesson Plan' }).waitFor();
    expect(page.url()).toMatch(/\/copy\/builtin\/none$/);
    expect(errors).toEqual([]);
  });

  it('shows the contract’s messages inline and refuses to save until they are fixed', async () => {
    await openLessonPlanCopy();
    const nameBox = page.getByRole('textbox', { name: 'Name' });
    await nameBox.fill('');
    await page.getByText('Give the bot a name.').waitFor();
    await nameBox.fill('x'.repeat(81));
    await page.getByText('Keep the name to 80 characters or fewer.').waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'One field needs attention before saving.' }).waitFor();
    expect(await nameBox.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(page.url()).toMatch(/\/copy\//);
    expect(errors).toEqual([]);
  });

  it('saves the copy, which becomes the teacher’s own bot in edit mode', async () => {
    const name = unique('My Lesson Plan');
    await openLessonPlanCopy();
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `Edit DocBot: ${name}` }).waitFor();
    expect(page.url()).toMatch(/\/docbot-add-edit\/[0-9a-f-]{36}\/false\/edit\/[^/]+\/none$/);
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('edits a form field (a list’s default among its options), saves, and reopens from the library with the saved fields', async () => {
    const bot = await copyTemplate(context, 'DocBot', 'Lesson Plan', unique('My Lesson Plan'));
    await page.goto(docBotEditPath(bot));
    await page.getByRole('heading', { level: 1, name: `Edit DocBot: ${bot.name}` }).waitFor();
    const field = page.getByRole('listitem', { name: 'Field 2' });
    await field.getByRole('textbox', { name: 'Label' }).fill('School subject');
    const options = field.getByRole('textbox', { name: 'Options, one per line' });
    await options.fill('Maths\nScience\nMaths');
    await page.getByText('"Maths" is listed twice.').waitFor();
    await options.fill('Maths\nScience\nArt');
    await page.getByRole('button', { name: 'Add a field' }).click();
    const added = page.getByRole('listitem', { name: /^Field \d+$/ }).last();
    expect(await added.getByRole('textbox', { name: 'Label' }).evaluate((el) => el === document.activeElement)).toBe(true);
    // A new field says nothing until the teacher types in it or leaves it empty.
    expect(await added.getByText('Give this field a label.').count()).toBe(0);
    await added.getByRole('textbox', { name: 'Help line' }).focus();
    await added.getByText('Give this field a label.').waitFor();
    await added.getByRole('textbox', { name: 'Label' }).fill('Room number');
    await added.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Number' }).click();
    await added.getByRole('textbox', { name: 'Default' }).fill('twelve');
    await page.getByText('The default of a number field must be a number.').waitFor();
    await added.getByRole('textbox', { name: 'Default' }).fill('12');
    await page.getByRole('textbox', { name: 'Description' }).fill('My own lesson plans, with room numbers.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();

    // The library shows the saved description; Edit reopens the saved fields.
    await openLibrary(page, '/home/DocBot', 'My DocBots');
    const mine = card(page, bot.name);
    await mine.getByText('My own lesson plans, with room numbers.').waitFor();
    await mine.getByRole('link', { name: `Edit ${bot.name}` }).click();
    await page.getByRole('heading', { level: 1, name: `Edit DocBot: ${bot.name}` }).waitFor();
    expect(await page.getByRole('listitem', { name: 'Field 2' }).getByRole('textbox', { name: 'Label' }).inputValue()).toBe(
      'School subject',
    );
    const last = page.getByRole('listitem', { name: /^Field \d+$/ }).last();
    expect(await last.getByRole('textbox', { name: 'Label' }).inputValue()).toBe('Room number');
    expect(await last.getByRole('textbox', { name: 'Default' }).inputValue()).toBe('12');
    expect(errors).toEqual([]);
  });

  it('warns before leaving with unsaved changes, and Leave discards them, the knowledge file uploaded meanwhile too', async () => {
    const bot = await copyTemplate(context, 'DocBot', 'Lesson Plan', unique('My Lesson Plan'));
    await page.goto(docBotEditPath(bot));
    await page.getByRole('heading', { level: 1, name: `Edit DocBot: ${bot.name}` }).waitFor();
    const saved = await page.getByRole('textbox', { name: 'Instructions' }).inputValue();
    await page.getByRole('textbox', { name: 'Instructions' }).fill('Changed but not saved.');
    // Issue 39, item 12: an upload in an editor left unsaved does not stay in My Files.
    const fileName = `${unique('unsaved')}.txt`;
    await page
      .getByLabel('Upload a knowledge file')
      .setInputFiles({ name: fileName, mimeType: 'text/plain', buffer: Buffer.from('Notes') });
    await page
      .getByRole('status')
      .filter({ hasText: `${fileName} is uploaded.` })
      .waitFor();
    const myFileNames = async () => {
      const res = await context.request.get('/api/files/mine?limit=100');
      return ((await res.json()) as { files: { name: string }[] }).files.map((f) => f.name);
    };
    expect(await myFileNames()).toContain(fileName);
    await page.getByRole('link', { name: 'Back to the library' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Stay' }).click();
    expect(page.url()).toMatch(/\/edit\//);
    expect(await page.getByRole('textbox', { name: 'Instructions' }).inputValue()).toBe('Changed but not saved.');
    await page.getByRole('link', { name: 'Back to the library' }).click();
    await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave' }).click();
    await page.getByRole('heading', { level: 1, name: 'My DocBots' }).waitFor();
    await expect.poll(myFileNames).not.toContain(fileName);

    await card(page, bot.name)
      .getByRole('link', { name: `Edit ${bot.name}` })
      .click();
    await page.getByRole('heading', { level: 1, name: `Edit DocBot: ${bot.name}` }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Instructions' }).inputValue()).toBe(saved);
    expect(errors).toEqual([]);
  });
});

describe('a new TutorBot and the student preview', () => {
  it('adds a TutorBot with its tutoring settings and shows it on /student', async () => {
    const context = await contextAs(getBrowser(), 'schoolTeacher');
    const page = await context.newPage();
    const errors = trackErrors(page);
    const name = unique('Fractions Tutor');
    await openLibrary(page, '/home/TutorBot', 'My TutorBots');
    await page.getByRole('link', { name: 'New TutorBot' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'New TutorBot' }).waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('textbox', { name: 'Subject' }).fill('Mathematics');
    await page.getByRole('combobox', { name: 'Grade level' }).click();
    await page.getByRole('option', { name: 'Grade 5', exact: true }).click();
    await page.getByRole('radio', { name: 'Practice quiz' }).check();
    await page.getByRole('textbox', { name: 'Questions per quiz round' }).fill('25');
    await page.getByText('A quiz round has at most 20 questions.').waitFor();
    await page.getByRole('textbox', { name: 'Questions per quiz round' }).fill('8');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `Edit TutorBot: ${name}` }).waitFor();
    await page.getByRole('region', { name: 'Try it' }).waitFor();

    await page.goto('/student');
    await page.getByRole('heading', { level: 1, name: 'Student preview' }).waitFor();
    const link = card(page, name).getByRole('link', { name: `Open ${name} as a student` });
    expect(await link.getAttribute('href')).toMatch(/^\/run-student-tutor-bot\/[0-9a-f-]{36}\/false\/new\/[^/]+\/[0-9a-f-]{36}\/preview$/);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('Try-it', () => {
  it('saves a new ChatBot first, then sends the test message to the saved bot', async () => {
    const context = await contextAs(getBrowser(), 'freeTeacher');
    const page = await context.newPage();
    await openLibrary(page, '/home/ChatBot', 'My ChatBots');
    await page.getByRole('link', { name: 'New ChatBot' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'New ChatBot' }).waitFor();
    const name = unique('Try Helper');
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('textbox', { name: 'Welcome message' }).fill('Hi! Ask me about planning.');
    const log = page.getByRole('log', { name: 'Test chat' });
    await log.getByText('Hi! Ask me about planning.').waitFor();
    await page.getByRole('textbox', { name: 'Test message' }).fill('Hello bot');
    await page.getByRole('button', { name: 'Save and send' }).click();
    await page.getByRole('heading', { level: 1, name: `Edit ChatBot: ${name}` }).waitFor();
    await log.getByText('Hello bot').waitFor();
    const ai = (await (await context.request.get('/api/ai')).json()) as { provider: string };
    if (ai.provider === 'not configured') {
      // Without an AI provider the engine says so; the bot is saved all the same.
      await page.getByRole('region', { name: 'Try it' }).getByRole('alert').waitFor();
    } else {
      await log.getByText('Bot').nth(1).waitFor();
    }
    await context.close();
  });
});

describe('screenshots', () => {
  for (const width of [1280, 360]) {
    it(`library and editor at ${width} px: nothing scrolls sideways`, async () => {
      const context = await contextAs(getBrowser(), 'schoolAdmin', { width, height: 900 });
      await makeDocBot(context, unique('Screenshot Bot'), 'school');
      const page = await context.newPage();
      await openLibrary(page, '/home/DocBot', 'My DocBots');
      await page.getByRole('article').first().waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      await shoot(page, `library-${width}`, { fullPage: false });
      if (width === 360) {
        await page.getByRole('button', { name: /^Collections:/ }).click();
        await page.getByRole('button', { name: 'New collection' }).waitFor();
        await transitionsDone(page); // the drawer has slid in
        await shoot(page, `library-collections-${width}`, { fullPage: false });
        await page.keyboard.press('Escape');
      }
      await page
        .getByRole('article')
        .first()
        .getByRole('link', { name: /^Edit / })
        .click();
      await page.getByRole('heading', { level: 1, name: /^Edit DocBot/ }).waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      await shoot(page, `editor-${width}`, { fullPage: false });
      await page.goto('/chatbot-add-edit/new/false/add/x/none');
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      await context.close();
    });
  }
});
