// Behaviour: the landing page, the privacy policy and both layouts have no serious or critical accessibility violation (axe-core).
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './fixtures/axe';
import { contextAs, openAndSettle, useBrowser, type ContextOptions } from './fixtures/browser';
import { transitionsDone } from './fixtures/ui';
import type { UserKey } from './fixtures/users';

const getBrowser = useBrowser();

const pages: { name: string; who: UserKey | null; path: string; options?: ContextOptions; light?: boolean }[] = [
  { name: 'landing page (dark)', who: null, path: '/' },
  { name: 'landing page (light)', who: null, path: '/', light: true },
  { name: 'privacy policy', who: null, path: '/privacy-policy' },
  { name: 'teacher layout (dark)', who: 'schoolAdmin', path: '/home/DocBot' },
  { name: 'teacher layout (light)', who: 'freeTeacher', path: '/home/DocBot', light: true },
  { name: 'teacher layout at 360 px', who: 'premiumTeacher', path: '/savedresources', options: { width: 360, height: 740 } },
  { name: 'student layout (dark)', who: 'schoolStudent', path: '/studentAssignments' },
  { name: 'student layout (light)', who: 'student', path: '/studentAssignments', light: true },
];

describe('accessibility (axe-core)', () => {
  for (const p of pages) {
    it(`${p.name}: no serious or critical violation`, async () => {
      const context = await contextAs(getBrowser(), p.who, { ...p.options, bypassCSP: true });
      const page = await context.newPage();
      await openAndSettle(page, p.path);
      if (p.light) {
        await page.getByRole('button', { name: 'Switch to light theme' }).click();
        await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
        // Move away so the toggle's tooltip closes before the check.
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
