// Behaviour: the library (templates, Mine at 360 px) and the editors (DocBot read-only, ChatBot add with Try-it, light theme) have no serious or critical axe-core violation; a library longer than one server page loads the rest with Load more.
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../fixtures/axe';
import { baseUrl, contextAs, useBrowser, type ContextOptions } from '../fixtures/browser';
import { transitionsDone } from '../fixtures/ui';
import type { UserKey } from '../fixtures/users';
import { unique } from './helpers';

const getBrowser = useBrowser();

const pages: { name: string; who: UserKey; path: string; heading: RegExp; options?: ContextOptions; light?: boolean }[] = [
  { name: 'DocBot templates', who: 'schoolTeacher', path: '/home/DocBot?tab=templates', heading: /^My DocBots$/ },
  {
    name: 'ChatBot library at 360 px',
    who: 'premiumTeacher',
    path: '/home/ChatBot',
    heading: /^My ChatBots$/,
    options: { width: 360, height: 740 },
  },
  { name: 'new ChatBot with Try-it (light)', who: 'freeTeacher', path: 'add:ChatBot', heading: /^New ChatBot$/, light: true },
  { name: 'new DocBot at 360 px', who: 'freeTeacher', path: 'add:DocBot', heading: /^New DocBot$/, options: { width: 360, height: 740 } },
  { name: 'TutorBot template, read-only', who: 'schoolAdmin', path: 'template:TutorBot', heading: /^View TutorBot/ },
];

describe('accessibility of the library and the editors (axe-core)', () => {
  for (const p of pages) {
    it(`${p.name}: no serious or critical violation`, async () => {
      const context = await contextAs(getBrowser(), p.who, { ...p.options, bypassCSP: true });
      const page = await context.newPage();
      if (p.path.startsWith('add:')) {
        const kind = p.path.slice(4);
        await page.goto(`/home/${kind}`);
        await page
          .getByRole('link', { name: `New ${kind}` })
          .first()
          .click();
      } else if (p.path.startsWith('template:')) {
        const kind = p.path.slice(9);
        await page.goto(`/home/${kind}?tab=templates`);
        await page
          .getByRole('link', { name: /^View / })
          .first()
          .click();
      } else {
        await page.goto(p.path);
      }
      await page.getByRole('heading', { level: 1, name: p.heading }).waitFor();
      if (p.light) {
        await page.getByRole('button', { name: 'Switch to light theme' }).click();
        await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
        await page.mouse.move(600, 700);
        await page.getByRole('tooltip').waitFor({ state: 'detached' });
      }
      // MUI's transitions finished: the colours checked are the final ones.
      await transitionsDone(page);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }
});

describe('keyset paging', () => {
  it('shows the first 30 bots and loads the rest with Load more', async () => {
    const context = await contextAs(getBrowser(), 'support');
    const prefix = unique('Paged');
    for (let i = 0; i < 33; i++) {
      const res = await context.request.post(`${baseUrl}/api/bots`, {
        headers: { Origin: baseUrl },
        data: { kind: 'ChatBot', name: `${prefix} ${String(i).padStart(2, '0')}` },
      });
      expect(res.status()).toBe(201);
    }
    const page = await context.newPage();
    await page.goto(`/home/ChatBot?q=${encodeURIComponent(prefix)}`);
    await page.getByRole('heading', { level: 1, name: 'My ChatBots' }).waitFor();
    await page.getByText('30 bots shown, more to load').waitFor();
    expect(await page.getByRole('article').count()).toBe(30);
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.getByText('33 bots shown', { exact: true }).waitFor();
    expect(await page.getByRole('article').count()).toBe(33);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    // Newest first, with nothing repeated across the pages.
    const names = await page.getByRole('article').getByRole('heading').allTextContents();
    expect(new Set(names).size).toBe(33);
    expect(names[0]).toBe(`${prefix} 32`);
    await context.close();
  });
});
