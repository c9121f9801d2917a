// Behaviour: the views issue 39 changed, render-only in Spanish at 390 px in both themes and, where no journey shows them at 1280 px, at 1280 px with the drawer open (one page per item: the theme switched in the drawer, the width by resizing): superDash's token counts saying what each counts and the platform form's address choice (items 4, 19); a class code of the wrong shape and one not in use each say so (14); a DocBot form's options and grades in Spanish, its question before leaving answers not used, its run in the earlier documents at once and its Word file named after the bot and the date (11, 12, 15, 20); My Files' upload and a file waiting for an editor's save, marked and kept, and a bot editor adding a file of My Files (12, 13); an assignment's table and transcripts downloads and its transcript marking the flagged turn (17, 23); My Subscription saying a Stripe trial turns monthly (20); Add a teacher refusing an address off the school's domains before any request (20); a TutorBot card's Assign opening the new assignment with that tutor (22). Each view: axe, no English catalogue words, nothing scrolling sideways below 900 px.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call } from '../fixtures/api';
import { baseUrl, contextAs, openAndSettle, trackErrors, useBrowser } from '../fixtures/browser';
import { accessible, shoot, token } from '../fixtures/checks';
import { collectApiStrings, englishLeftovers } from '../fixtures/i18n';
import { lakeside } from '../fixtures/seed-teacher-lists';
import { scrollsSideways } from '../fixtures/ui';
import { users, type UserKey } from '../fixtures/users';
import { choose, runPath, template } from '../runs/helpers';

const getBrowser = useBrowser();

type Theme = 'dark' | 'light';
const NARROW = 390;
const DESKTOP = 1280;

interface View {
  page: Page;
  errors: string[];
  /** The API's strings: data, which no catalogue translates. */
  data: Set<string>;
  /** The theme shown now; a page load starts again in `start` (the context stores it before each load). */
  theme: Theme;
  start: Theme;
  close: () => Promise<void>;
}

/** A Spanish page of `who`'s, `width` px wide, starting in `theme`. */
async function open(who: UserKey, width: number, theme: Theme): Promise<View> {
  const context = await contextAs(getBrowser(), who, { width, height: 800, theme, language: 'es', locale: 'es-MX', bypassCSP: true });
  const page = await context.newPage();
  return { page, errors: trackErrors(page), data: collectApiStrings(page), theme, start: theme, close: () => context.close() };
}

const width = (v: View) => v.page.viewportSize()!.width;

/** Resizes the page; at 1280 px the drawer is open beside it. */
async function resize(v: View, to: number): Promise<void> {
  await v.page.setViewportSize({ width: to, height: 800 });
  if (to >= DESKTOP) await v.page.getByRole('button', { name: 'Cerrar menú' }).waitFor();
}

/** Opens a page; at 1280 px the drawer is open beside it. */
async function visit(v: View, path: string): Promise<void> {
  await openAndSettle(v.page, path);
  v.theme = v.start;
  if (width(v) >= DESKTOP) await v.page.getByRole('button', { name: 'Cerrar menú' }).waitFor();
}

/** The drawer's theme switch (on a narrow screen the drawer is opened for it and closed again). */
async function switchTheme(v: View): Promise<void> {
  const { page } = v;
  const phone = width(v) < 900;
  const to: Theme = v.theme === 'dark' ? 'light' : 'dark';
  if (phone) await page.getByRole('button', { name: 'Abrir menú' }).click();
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  await nav.getByRole('button', { name: to === 'light' ? 'Cambiar al tema claro' : 'Cambiar al tema oscuro' }).click();
  await nav.getByRole('button', { name: to === 'light' ? 'Cambiar al tema oscuro' : 'Cambiar al tema claro' }).waitFor();
  if (phone) {
    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'detached' });
    // The menu button got the focus back: its ring is no part of the views checked.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  }
  v.theme = to;
}

/**
 * Axe, no English catalogue words (a message's Markdown split into its words is data too), no
 * sideways scroll on a narrow screen; then a screenshot issue39-<shot>-<width>-<theme> (`viewport`:
 * the screen as it is, for a dialog or a part scrolled to, not the whole page).
 */
async function settled(v: View, shot: string, options: { viewport?: boolean } = {}): Promise<void> {
  await accessible(v.page, width(v));
  if (width(v) < 900) expect(await scrollsSideways(v.page)).toBe(false);
  const data = new Set([...v.data].flatMap((s) => [s, ...s.split(/[*_`#>|]+/).map((p) => p.trim())]));
  expect(await englishLeftovers(v.page, data)).toEqual([]);
  await shoot(v.page, `issue39-${shot}-${width(v)}-${v.theme}`, { fullPage: !options.viewport });
}

describe('issue 39 in Spanish, render-only', () => {
  it("superDash: the token counts say what each counts; the platform form's address choice (items 4, 19; 390 px, light then dark)", async () => {
    const v = await open('support', NARROW, 'light');
    const { page } = v;
    await visit(v, '/superDash');
    const overview = page.getByTestId('superdash-overview');
    await overview.getByText('Tokens de generaciones este mes', { exact: true }).waitFor();
    await overview
      .getByText(/^además: .+ en controles de seguridad, .+ en llamadas fallidas$/)
      .first()
      .waitFor();
    await overview.getByText(/^Las generaciones y sus tokens se cuentan como en el panel de datos de una escuela/).waitFor();
    await overview.getByRole('region', { name: 'Totales por escuela' }).getByText('Springfield High').waitFor();
    await settled(v, 'superdash-overview');

    await page.getByRole('tab', { name: 'Plataformas de cursos (LTI 1.3)', exact: true }).click();
    await page.getByRole('button', { name: 'Copiar la dirección de inicio de sesión' }).waitFor();
    const dialog = page.getByRole('dialog', { name: 'Registrar una plataforma' });
    const addressChoice = async () => {
      await page.getByRole('button', { name: 'Registrar una plataforma' }).click();
      const verified = dialog.getByRole('radio', { name: /^Solo los correos que la plataforma marca como verificados/ });
      await verified.waitFor();
      expect(await verified.isChecked()).toBe(true);
      await dialog.getByRole('radio', { name: /^La escuela administra estos correos/ }).check();
      await dialog.getByRole('radiogroup').scrollIntoViewIfNeeded();
      await settled(v, 'superdash-platform-dialog', { viewport: true });
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await dialog.waitFor({ state: 'detached' });
    };
    await addressChoice();
    await switchTheme(v);
    await addressChoice();
    expect(v.errors).toEqual([]);
    await v.close();
  });

  it('a class code of the wrong shape, then one not in use, each say so (item 14; 390 px dark, 390 and 1280 px light)', async () => {
    const v = await open('student', NARROW, 'dark');
    await visit(v, '/studentAssignments');
    const join = v.page.getByRole('region', { name: 'Unirse a una clase' });
    const box = join.getByRole('textbox', { name: 'Código de clase' });
    await box.fill('K7-MP?');
    await join.getByRole('button', { name: 'Unirme' }).click();
    await join.getByRole('alert').getByText('Eso no es un código de clase: ', { exact: false }).waitFor();
    await settled(v, 'join-wrong-shape');
    await switchTheme(v);
    // Codes never use 0, 1, I or O: this one has the right shape and no class has it.
    await box.fill('ZZZZ 0000');
    await join.getByRole('button', { name: 'Unirme' }).click();
    await join.getByRole('alert').getByText('Ese código de clase no está en uso.', { exact: false }).waitFor();
    await settled(v, 'join-not-in-use');
    await resize(v, DESKTOP);
    await settled(v, 'join-not-in-use');
    // The two refusals are a 422 and a 404 the page explains.
    expect(v.errors.filter((e) => !/status of (404|422)/.test(e))).toEqual([]);
    await v.close();
  });

  it('a DocBot form in Spanish asks before leaving its answers; the run is listed at once; the Word file is named in Spanish (items 11, 12, 15, 20; 390 px, light then dark)', async () => {
    const v = await open('premiumTeacher', NARROW, 'light');
    const { page } = v;
    await visit(v, runPath('run-doc-bot', await template(page.context().request, 'DocBot', 'Exit Ticket')));
    await page.getByRole('heading', { level: 1, name: 'Boleto de salida' }).waitFor();
    // Item 15: the options read in Spanish (the stored value stays the English the model reads).
    expect(await page.getByRole('combobox', { name: 'Formato' }).textContent()).toBe('Respuesta corta');
    await choose(page, 'Grado', '5.º grado');
    const objective = page.getByRole('textbox', { name: 'Objetivo de la clase' });
    await objective.fill('Sumar fracciones con distinto denominador');

    // Item 12: answers typed and not used yet ask before the page goes; Stay keeps them.
    await page.getByRole('link', { name: 'Inicio de ClassBots' }).click();
    const leave = page.getByRole('dialog', { name: '¿Salir sin guardar?' });
    await leave.getByText('Tus respuestas a este formulario aún no se han usado. Si sales, se pierden.').waitFor();
    await settled(v, 'docbot-leave', { viewport: true });
    await leave.getByRole('button', { name: 'Quedarme' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(await objective.inputValue()).toBe('Sumar fracciones con distinto denominador');

    await switchTheme(v);
    await page.getByRole('button', { name: 'Generar' }).click();
    await page.getByTestId('document').getByRole('heading', { name: 'Lesson document' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Detener' }).waitFor({ state: 'detached', timeout: 30_000 });
    // Item 15: the answers read back in Spanish after the run.
    const answers = (await page.getByRole('region', { name: 'Tus respuestas' }).textContent()) ?? '';
    expect(answers).toContain('Respuesta corta');
    expect(answers).toContain('5.º grado');
    expect(answers).not.toContain('Grade 5');
    // Item 11: the run is among the earlier documents at once, without a reload.
    await page.getByRole('button', { name: 'Ver documentos anteriores' }).click();
    const history = page.getByRole('dialog', { name: 'Documentos anteriores' });
    await history.getByText('abierta ahora', { exact: false }).waitFor();
    expect(await history.getByText('Todavía no hay nada.').count()).toBe(0);
    await settled(v, 'docbot-history', { viewport: true });
    await history.getByRole('button', { name: 'Cerrar' }).click();
    await history.waitFor({ state: 'detached' });
    // Item 20: the Word file is named after the bot and today's date, in Spanish.
    await page.getByRole('button', { name: 'Exportar' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Descargar Word (.docx)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Boleto de salida – \d{1,2} de [a-z]+ de \d{4}\.docx$/);
    expect(v.errors).toEqual([]);
    await v.close();
  });

  it("My Files uploads a knowledge file; a file waiting for an editor's save is marked, then kept; an editor adds a file of My Files (items 12, 13; 390 px dark, 390 and 1280 px light, the editor at 1280 px dark)", async () => {
    const v = await open('filesTeacher', NARROW, 'dark');
    const { page } = v;
    const t = token();
    const waiting = `espera-${t}.txt`;
    // As a bot editor uploads it: the file waits for the bot's save.
    const res = await page.context().request.post(`${baseUrl}/api/files`, {
      headers: { Origin: baseUrl },
      multipart: { file: { name: waiting, mimeType: 'text/plain', buffer: Buffer.from('Notas') }, purpose: 'knowledge', pending: 'true' },
    });
    expect(res.status()).toBe(201);
    await visit(v, '/myFiles');
    const row = page.locator(`[data-file="${waiting}"]`);
    await row.getByText('Subido en el editor de un bot y aún sin guardar en ningún bot', { exact: false }).waitFor();
    const uploaded = `subido-${t}.txt`;
    await page
      .getByLabel('Subir un archivo de conocimiento')
      .setInputFiles({ name: uploaded, mimeType: 'text/plain', buffer: Buffer.from('Apuntes de la unidad') });
    await page.getByRole('status').getByText(`${uploaded} se ha subido.`, { exact: false }).waitFor();
    await page.locator(`[data-file="${uploaded}"]`).waitFor();
    await settled(v, 'my-files');
    await switchTheme(v);
    await settled(v, 'my-files');
    await resize(v, DESKTOP);
    // A table row at 1280 px (a list item on a phone).
    await expect.poll(() => row.evaluate((el) => el.tagName)).toBe('TR');
    await settled(v, 'my-files');

    await row.getByRole('button', { name: `Conservar ${waiting}` }).click();
    await page.getByRole('status').getByText(`${waiting} se conserva en Mis archivos.`).waitFor();
    await row.getByTestId('file-pending').waitFor({ state: 'detached' });

    // A bot editor adds the uploaded file from My Files, without uploading it again (1280 px, dark: the page loads anew).
    await visit(v, '/home/DocBot');
    await page.getByRole('link', { name: 'Nuevo DocBot' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Nuevo DocBot' }).waitFor();
    await choose(page, 'Añadir uno de Mis archivos', uploaded);
    await page.getByRole('button', { name: `Quitar ${uploaded}` }).scrollIntoViewIfNeeded();
    await settled(v, 'editor-knowledge-from-my-files', { viewport: true });
    expect(v.errors).toEqual([]);
    await v.close();
  });

  it("an assignment's table and transcripts download, and its transcript marks the flagged turn (items 17, 23; 1280 and 390 px light, 390 px dark)", async () => {
    const v = await open('flagsTeacher', DESKTOP, 'light');
    const { page } = v;
    const student = users.flagsStudent;
    const { flags } = await call<{ flags: { assignment: { id: string } }[] }>(page.context().request, 'GET', '/api/flags?status=all');
    await visit(v, `/teachAssignments?assignment=${flags[0]!.assignment.id}`);
    const zip = page.getByRole('button', { name: 'Descargar todas las transcripciones (.zip)' });
    await expect.poll(() => zip.isEnabled()).toBe(true);
    const [table] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar la tabla (CSV)' }).click(),
    ]);
    expect(table.suggestedFilename()).toMatch(/\.csv$/);
    const [all] = await Promise.all([page.waitForEvent('download'), zip.click()]);
    expect(all.suggestedFilename()).toMatch(/\.zip$/);
    await expect.poll(() => zip.isEnabled()).toBe(true);
    await settled(v, 'assignment-table');

    const transcript = page.getByRole('dialog', { name: `${student.name}: transcripción` });
    const flaggedTurn = async () => {
      await page.getByRole('button', { name: `Transcripción y comentarios: ${student.name}` }).click();
      const flagged = transcript.locator('li[data-flagged]');
      await flagged.getByText('Marcado', { exact: true }).waitFor();
      expect(await flagged.count()).toBe(1);
      expect(await flagged.textContent()).toContain("Honestly I don't want to be here anymore.");
      await expect.poll(() => transcript.locator('[data-markdown-pending]').count()).toBe(0);
      await settled(v, 'transcript', { viewport: true });
      await page.keyboard.press('Escape');
      await transcript.waitFor({ state: 'detached' });
    };
    await flaggedTurn();
    await resize(v, NARROW);
    await shoot(page, `issue39-assignment-table-${NARROW}-light`);
    await flaggedTurn();
    await switchTheme(v);
    await flaggedTurn();
    expect(v.errors).toEqual([]);
    await v.close();
  });

  it('My Subscription says a Stripe trial turns monthly (item 20; 390 px, dark then light)', async () => {
    const v = await open('trialTeacher', NARROW, 'dark');
    await visit(v, '/my-subscription');
    await v.page.getByRole('main').getByText('Después de la prueba, pago mensual a través de Stripe.', { exact: true }).waitFor();
    await v.page.getByTestId('usage-text').waitFor();
    await settled(v, 'subscription-trial');
    await switchTheme(v);
    await settled(v, 'subscription-trial');
    expect(v.errors).toEqual([]);
    await v.close();
  });

  it("Add a teacher refuses an address off the school's domains before any request (item 20; 390 px, light)", async () => {
    const v = await open('listsAdmin', NARROW, 'light');
    const { page } = v;
    await visit(v, '/teacherLists');
    await page.getByTestId('licence-notice').waitFor();
    await page.getByRole('button', { name: 'Agregar docente' }).click();
    const add = page.getByRole('dialog', { name: 'Agregar un docente' });
    await add.getByRole('textbox', { name: 'Correo' }).fill(`nuevo-${token()}@elsewhere.test`);
    await add.getByRole('button', { name: 'Agregar docente' }).click();
    const domains = lakeside.domains.map((d) => `@${d}`).join(' y ');
    await add.getByText(`Solo se pueden añadir direcciones de los dominios de la escuela: ${domains}.`).waitFor();
    await settled(v, 'add-teacher-off-domain', { viewport: true });
    // Said by the dialog: no request was made to be refused.
    expect(v.errors).toEqual([]);
    await v.close();
  });

  it("a TutorBot card's Assign opens the new assignment with that tutor (item 22; 1280 and 390 px dark, 390 px light)", async () => {
    const name = 'Tutor socrático de matemáticas';
    const v = await open('premiumTeacher', DESKTOP, 'dark');
    const { page } = v;
    await visit(v, '/home/TutorBot?tab=templates');
    const assign = page.getByRole('link', { name: `Asignar ${name} a estudiantes` });
    await assign.waitFor();
    await settled(v, 'tutor-cards');
    await resize(v, NARROW);
    await settled(v, 'tutor-cards');
    await switchTheme(v);
    await assign.click();
    const dialog = page.getByRole('dialog', { name: 'Nueva tarea' });
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Título' }).inputValue()).toBe(name);
    expect(new URL(page.url()).pathname).toBe('/teachAssignments');
    await settled(v, 'assign-dialog', { viewport: true });
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(v.errors).toEqual([]);
    await v.close();
  });
});
