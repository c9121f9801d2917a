// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { Plan } from '../../../../contract/billing';
import { render } from '../../../../tests/web/render';
import en from '../../../lib/i18n/messages/en.json';
import es from '../../../lib/i18n/messages/es.json';
import { PlanActions } from './PlanActions';
import { PremiumComparison } from './PremiumComparison';
import { UsageCard } from './UsageCard';

// Issue 25: after Request premium the page showed nothing pending (and nothing after a reload).
const plan = (premiumRequest: Plan['premiumRequest']): Plan => ({
  source: 'none',
  billingStatus: null,
  interval: null,
  periodEnd: null,
  trialEnd: null,
  cancelAtPeriodEnd: false,
  pastDue: null,
  usage: { text: { used: 0, limit: 40 }, images: { used: 0, limit: 5 }, storage: { used: 0, limit: 1 }, resetsAt: '2026-12-01T00:00:00Z' },
  limits: { free: { text: 40, images: 5, storage: 1 }, premium: { text: 2000, images: 200, storage: 2 } },
  billing: { enabled: false, prices: null, trialDays: 14, trialAvailable: true },
  actions: ['request_premium'],
  premiumRequest,
});

const buttons = (container: HTMLElement) => [...container.querySelectorAll('button')].map((b) => b.textContent);

describe('Request premium', () => {
  it('offers the request when none is waiting', async () => {
    const { container } = await render(<PlanActions plan={plan(null)} />);
    expect(buttons(container)).toContain('Request premium');
    expect(container.querySelector('[data-testid=premium-request-pending]')).toBeNull();
  });

  it('shows a waiting request with its date and a link to it in Support, instead of the button', async () => {
    const { container } = await render(<PlanActions plan={plan({ at: '2026-11-20T15:00:00.000Z', ticketId: 'tk-1' })} />);
    const pending = container.querySelector('[data-testid=premium-request-pending]')!;
    expect(pending.textContent).toContain('Requested on November 20, 2026; we’ll reply in Support.');
    expect(pending.querySelector('a')!.getAttribute('href')).toBe('/contact-support?ticket=tk-1');
    expect(buttons(container)).not.toContain('Request premium');
  });
});

describe('My Subscription in Spanish', () => {
  it('reads its words from the Spanish catalogue', async () => {
    const { container } = await render(
      <>
        <PlanActions plan={plan(null)} />
        <UsageCard usage={plan(null).usage} />
        <PremiumComparison limits={plan(null).limits} />
      </>,
      { locale: 'es' },
    );
    const text = container.textContent ?? '';
    for (const word of ['Solicitar Premium', 'Uso de este mes', 'Liberar espacio', 'Lo que agrega Premium', 'Tareas para tus clases'])
      expect(text).toContain(word);
    // No English word of My Subscription is left (values that differ in Spanish and have no placeholder).
    const left = Object.entries(en)
      .filter(([id, value]) => id.startsWith('subscription.') && !value.includes('{') && value !== es[id as keyof typeof es])
      .map(([, value]) => value)
      .filter((value) => new RegExp(`(^|\\W)${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\W|$)`).test(text));
    expect(left).toEqual([]);
  });
});
