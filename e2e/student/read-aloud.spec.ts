// Behaviour: on the student's tutor page, where the browser can speak and listen (the APIs stubbed in the page), each finished tutor reply has a Read aloud button that speaks the reply's words (no Markdown or LaTeX source) and turns into Stop reading, one reply at a time, stopped by sending; a reply still being written has none; the composer has a Dictate button whose recognised text is added to what was typed without sending, and a blocked microphone is told calmly; where the browser has neither API, neither button exists; at 1280 px (dark, the journey) and 360 px (light, a render-only test), axe passes and nothing scrolls sideways, and each page is shot in the other theme too.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contextAs, trackErrors, useBrowser } from '../fixtures/browser';
import { accessible, shoot as shootNow, token } from '../fixtures/checks';
import { slowParagraphsSent } from '../fixtures/fake-ai-record';
import { scrollsSideways, transitionsDone } from '../fixtures/ui';
import { runPath, template } from '../runs/helpers';
import { startNewAssignment } from '../fixtures/assignments';

const getBrowser = useBrowser();

/** A screenshot of the settled page (the pointer away, no transition running). */
async function shoot(page: Page, name: string) {
  if (!process.env.E2E_SHOTS_DIR) return;
  await page.mouse.move(0, 0);
  await transitionsDone(page);
  await shootNow(page, name);
}

/** Waits until no reply is streaming (Stop is gone). */
const replyDone = (page: Page) => page.getByRole('button', { name: 'Stop', exact: true }).waitFor({ state: 'detached', timeout: 30_000 });

interface SpeechLog {
  spoken: { text: string; lang: string }[];
  cancels: number;
  recognitions: { lang: string; continuous: boolean; interimResults: boolean; started: boolean }[];
}

/** Stand-ins for the browser's speech synthesis and recognition, recording what the page asks of them. */
function stubSpeech(context: BrowserContext) {
  return context.addInitScript(() => {
    type Handler = ((e: unknown) => void) | null;
    const log = { spoken: [], cancels: 0, recognitions: [] } as unknown as {
      spoken: { text: string; lang: string }[];
      cancels: number;
      recognitions: { lang: string; continuous: boolean; interimResults: boolean; started: boolean }[];
    };
    const w = window as unknown as Record<string, unknown>;
    w.__speech = log;
    class Utterance {
      lang = '';
      rate = 1;
      onend: Handler = null;
      onerror: Handler = null;
      constructor(public text: string) {}
    }
    const synth = {
      speak: (u: Utterance) => log.spoken.push({ text: u.text, lang: u.lang }),
      cancel: () => {
        log.cancels++;
      },
      speaking: false,
      pending: false,
      paused: false,
      getVoices: () => [],
    };
    Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
    Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance, configurable: true });
    class Recognition {
      lang = '';
      continuous = false;
      interimResults = false;
      onresult: Handler = null;
      onerror: Handler = null;
      onend: (() => void) | null = null;
      start() {
        log.recognitions.push({ lang: this.lang, continuous: this.continuous, interimResults: this.interimResults, started: true });
        w.__recognition = this;
      }
      // A real recognition ends after stop() or abort() returns, never inside the call.
      stop() {
        void Promise.resolve().then(() => this.onend?.());
      }
      abort() {
        void Promise.resolve().then(() => this.onend?.());
      }
    }
    Object.defineProperty(window, 'SpeechRecognition', { value: undefined, configurable: true });
    Object.defineProperty(window, 'webkitSpeechRecognition', { value: Recognition, configurable: true });
  });
}

/** A browser without speech: all four names gone from the window. */
function removeSpeech(context: BrowserContext) {
  return context.addInitScript(() => {
    for (const name of ['speechSynthesis', 'SpeechSynthesisUtterance', 'SpeechRecognition', 'webkitSpeechRecognition']) {
      Object.defineProperty(window, name, { value: undefined, configurable: true });
    }
  });
}

const speechLog = (page: Page) => page.evaluate(() => (window as unknown as { __speech: SpeechLog }).__speech);

/** What the stubbed recognition hears: interim or final phrases, or an error and the end. */
function hear(page: Page, event: { said: string; final: boolean } | { error: string }) {
  return page.evaluate((ev) => {
    const rec = (
      window as unknown as { __recognition: { onresult: (e: unknown) => void; onerror: (e: unknown) => void; onend: () => void } }
    ).__recognition;
    if ('error' in ev) {
      rec.onerror({ error: ev.error });
      rec.onend();
      return;
    }
    const result = Object.assign([{ transcript: ev.said, confidence: 0.9 }], { isFinal: ev.final });
    rec.onresult({ resultIndex: 0, results: [result] });
  }, event);
}

/** Starts a new assignment as the student and sends one question; the tutor page once the reply is done. */
async function studentWithReply(context: BrowserContext, page: Page) {
  await startNewAssignment(page, 'Read aloud');
  // The fake tutor echoes the question under a heading, with a table and $A = \pi r^2$.
  await page.getByRole('textbox', { name: 'Your message' }).fill('What is $\\frac{1}{2}$ of **ten**?');
  await page.getByRole('button', { name: 'Send' }).click();
  await replyDone(page);
  const list = page.getByRole('list', { name: 'Conversation', exact: true });
  await list.getByRole('listitem').nth(2).getByText('Request:', { exact: false }).waitFor();
  return list;
}

describe('Read-aloud and dictation on the student tutor page', () => {
  it('offers both where the browser has them and neither where it has not, at 1280 px (dark theme)', async () => {
    const width = 1280;
    const theme = 'dark';
    const context = await contextAs(getBrowser(), 'student', { width, height: 800, bypassCSP: true, theme });
    await stubSpeech(context);
    const page = await context.newPage();
    const errors = trackErrors(page);
    const list = await studentWithReply(context, page);
    const box = page.getByRole('textbox', { name: 'Your message' });
    const reply = list.getByRole('listitem').nth(2);

    // Read aloud: the reply's words, in the page's language, none of its source.
    const play = reply.getByRole('button', { name: 'Read aloud' });
    await play.click();
    const stopReading = reply.getByRole('button', { name: 'Stop reading' });
    await stopReading.waitFor();
    expect(await stopReading.getAttribute('aria-pressed')).toBe('true');
    const spoken = (await speechLog(page)).spoken;
    const said = spoken.map((u) => u.text).join(' ');
    expect(said).toContain('Lesson document.');
    expect(said).toContain('What is 1 half of ten?');
    expect(said).toContain('A equals pi r squared');
    for (const source of ['$', '\\frac', '**', '#', '|', '\\pi']) expect(said).not.toContain(source);
    expect(spoken.every((u) => u.lang === 'en-US')).toBe(true);

    // The user's own message has no play button; the welcome has one. One reading at a time.
    expect(await list.getByRole('listitem').nth(1).getByRole('button', { name: 'Read aloud' }).count()).toBe(0);
    const welcome = list.getByRole('listitem').first();
    await welcome.getByRole('button', { name: 'Read aloud' }).click();
    await welcome.getByRole('button', { name: 'Stop reading' }).waitFor();
    await play.waitFor();
    expect(await list.getByRole('button', { name: 'Stop reading' }).count()).toBe(1);

    // The microphone: what is heard is added to what was typed, and nothing is sent.
    await box.fill('My answer is');
    const mic = page.getByRole('button', { name: 'Dictate' });
    await mic.click();
    const micOn = page.getByRole('button', { name: 'Stop dictating' });
    await micOn.waitFor();
    expect(await micOn.getAttribute('aria-pressed')).toBe('true');
    const rec = (await speechLog(page)).recognitions.at(-1)!;
    expect(rec).toEqual({ lang: 'en-US', continuous: true, interimResults: true, started: true });
    await hear(page, { said: 'five', final: false });
    // Heard but not final: shown under the box, not yet in it.
    await expect.poll(() => page.getByTestId('dictation-interim').textContent()).toBe('Listening… five');
    expect(await box.inputValue()).toBe('My answer is');
    await hear(page, { said: 'five sixths', final: true });
    await expect.poll(() => box.inputValue()).toBe('My answer is five sixths');
    await shoot(page, `read-aloud-${theme}-${width}-active`);
    await micOn.click();
    await mic.waitFor();
    expect(await list.getByRole('listitem').count()).toBe(3); // welcome, question, reply: nothing sent

    // A blocked microphone is said calmly; typing still works.
    await mic.click();
    await hear(page, { error: 'not-allowed' });
    await page.getByText('The microphone is blocked. You can type instead.').waitFor();
    await mic.waitFor();
    expect(await box.inputValue()).toBe('My answer is five sixths');

    // Sending stops the reading; a reply being written has no play button.
    await welcome.getByRole('button', { name: 'Stop reading' }).waitFor();
    const cancelsBefore = (await speechLog(page)).cancels;
    const asked = `Tell me about the water cycle ${token()} [[slow]]`;
    await box.fill(asked);
    await page.getByRole('button', { name: 'Send' }).click();
    expect((await speechLog(page)).cancels).toBeGreaterThan(cancelsBefore);
    expect(await list.getByRole('button', { name: 'Stop reading' }).count()).toBe(0);
    const streaming = list.getByRole('listitem').last();
    await page.getByRole('button', { name: 'Stop', exact: true }).waitFor({ timeout: 20_000 });
    // Some of it written before Stop, so the stopped reply has words to read.
    await expect.poll(() => slowParagraphsSent(asked), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await replyDone(page);
    await streaming.getByRole('button', { name: 'Read aloud' }).waitFor();

    await accessible(page);
    await play.click();
    await stopReading.waitFor();
    await shoot(page, `read-aloud-${theme}-${width}`);
    const url = page.url();
    // Leaving the page stops the voice.
    const cancelsOnPage = (await speechLog(page)).cancels;
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'My Assignments' }).waitFor();
    expect((await speechLog(page)).cancels).toBeGreaterThan(cancelsOnPage);

    // The other theme, for the screenshots.
    const other = theme === 'dark' ? 'light' : 'dark';
    const second = await context.newPage();
    await second.addInitScript((mode) => localStorage.setItem('classbots.themeMode', mode), other);
    await second.goto(url);
    await second.getByRole('list', { name: 'Conversation', exact: true }).getByText('Request:', { exact: false }).waitFor();
    await shoot(second, `read-aloud-${other}-${width}`);
    await second.close();
    expect(errors).toEqual([]);
    await context.close();

    // Without the APIs: the same conversation, and neither button.
    const bare = await contextAs(getBrowser(), 'student', { width, height: 800 });
    await removeSpeech(bare);
    const plain = await bare.newPage();
    await plain.addInitScript((mode) => localStorage.setItem('classbots.themeMode', mode), theme);
    const plainErrors = trackErrors(plain);
    await plain.goto(url);
    const plainList = plain.getByRole('list', { name: 'Conversation', exact: true });
    await plainList.getByText('Request:', { exact: false }).waitFor();
    await plain.getByRole('textbox', { name: 'Your message' }).waitFor();
    expect(await plain.getByRole('button', { name: 'Read aloud' }).count()).toBe(0);
    expect(await plain.getByRole('button', { name: 'Dictate' }).count()).toBe(0);
    expect(plainErrors).toEqual([]);
    await bare.close();
  });

  // Render-only: the tutor page at 360 px, light (the journey's screenshots' theme dark too), with and without the APIs.
  it('reads well at 360 px (light), and in the dark theme, with the APIs and without them', async () => {
    const width = 360;
    const context = await contextAs(getBrowser(), 'student', { width, height: 800, bypassCSP: true, theme: 'light' });
    await stubSpeech(context);
    const page = await context.newPage();
    const errors = trackErrors(page);
    const list = await studentWithReply(context, page);
    const play = list.getByRole('listitem').nth(2).getByRole('button', { name: 'Read aloud' });
    await page.getByRole('button', { name: 'Dictate' }).waitFor();
    await accessible(page, width);
    await play.click();
    await list.getByRole('listitem').nth(2).getByRole('button', { name: 'Stop reading' }).waitFor();
    await shoot(page, `read-aloud-light-${width}`);
    const url = page.url();
    expect(errors).toEqual([]);
    await context.close();

    const dark = await contextAs(getBrowser(), 'student', { width, height: 800, bypassCSP: true, theme: 'dark' });
    await stubSpeech(dark);
    const second = await dark.newPage();
    await second.goto(url);
    await second.getByRole('list', { name: 'Conversation', exact: true }).getByText('Request:', { exact: false }).waitFor();
    expect(await scrollsSideways(second)).toBe(false);
    await shoot(second, `read-aloud-dark-${width}`);
    await dark.close();

    const bare = await contextAs(getBrowser(), 'student', { width, height: 800, theme: 'light' });
    await removeSpeech(bare);
    const plain = await bare.newPage();
    const plainErrors = trackErrors(plain);
    await plain.goto(url);
    await plain.getByRole('list', { name: 'Conversation', exact: true }).getByText('Request:', { exact: false }).waitFor();
    await plain.getByRole('textbox', { name: 'Your message' }).waitFor();
    expect(await plain.getByRole('button', { name: 'Read aloud' }).count()).toBe(0);
    expect(await plain.getByRole('button', { name: 'Dictate' }).count()).toBe(0);
    expect(await scrollsSideways(plain)).toBe(false);
    expect(plainErrors).toEqual([]);
    await bare.close();
  });

  it("is on the teacher's TutorBot preview (what a student meets) and not on a ChatBot runner", async () => {
    const context = await contextAs(getBrowser(), 'premiumTeacher');
    await stubSpeech(context);
    const page = await context.newPage();
    const errors = trackErrors(page);
    const tutor = await template(context.request, 'TutorBot', 'Socratic Math Tutor');
    await page.goto(runPath('run-tutor-bot', tutor));
    const list = page.getByRole('list', { name: 'Conversation', exact: true });
    await list.getByRole('listitem').first().getByRole('button', { name: 'Read aloud' }).waitFor();
    await page.getByRole('button', { name: 'Dictate' }).waitFor();

    const chatBot = await template(context.request, 'ChatBot', 'Lesson Idea Brainstormer');
    await page.goto(runPath('run-chat-bot', chatBot));
    await page.getByRole('heading', { level: 1, name: 'Lesson Idea Brainstormer' }).waitFor();
    await page.getByRole('textbox', { name: 'Your message' }).waitFor();
    await list.getByRole('listitem').first().waitFor();
    expect(await page.getByRole('button', { name: 'Read aloud' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Dictate' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
