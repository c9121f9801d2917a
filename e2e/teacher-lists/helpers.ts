import type { Page } from 'playwright-core';
import { DESKTOP, type Look } from '../fixtures/looks';

/** The look the journey runs in; the render spec checks every other. */
export const journey: Look = { width: DESKTOP, theme: 'light' };

/** A teacher's row, in the table or the phone's list (both carry `data-teacher`). */
export const row = (page: Page, email: string) => page.locator(`[data-teacher="${email}"]`);
