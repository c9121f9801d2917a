// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { render } from '../../../../tests/web/render';
import en from '../../../lib/i18n/messages/en.json';
import PrivacyPolicyPage from './PrivacyPolicyPage';

describe('the privacy policy', () => {
  it('keeps the English a browser spec checks, and says the account keeps its language', async () => {
    const { container } = await render(<PrivacyPolicyPage />);
    const text = container.textContent ?? '';
    expect(text).toContain('Who reads a student\u2019s assignment conversation');
    expect(text).toContain('your card or bank details go to Stripe directly and never reach ClassBots');
    expect(text).toContain('the language you chose for ClassBots is kept with your account');
    expect([...container.querySelectorAll('h2')].map((h) => h.textContent)).toContain('Children\u2019s privacy');
  });

  it('reads in Spanish, every paragraph', async () => {
    const { container } = await render(<PrivacyPolicyPage />, { locale: 'es' });
    expect(container.querySelector('h1')?.textContent).toBe('Política de privacidad');
    const text = container.textContent ?? '';
    expect(text).toContain('Privacidad de los niños');
    expect(text).toContain('el idioma que elegiste para ClassBots se guarda con tu cuenta');
    const english = new Set(Object.entries(en).flatMap(([id, sentence]) => (id.startsWith('privacy.') ? [sentence] : [])));
    const shown = [...container.querySelectorAll('h1, h2, p')].map((el) => el.textContent ?? '');
    expect(shown.length).toBeGreaterThan(30);
    expect(shown.filter((line) => english.has(line))).toEqual([]);
  });
});
