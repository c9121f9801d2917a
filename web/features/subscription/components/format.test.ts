import { createIntl } from 'react-intl';
import { beforeEach, describe, expect, it } from 'vitest';
import { setActiveIntl } from '../../../lib/i18n';
import en from '../../../lib/i18n/messages/en.json';
import { formatBytes, formatDate, formatPrice } from './format';

describe('My Subscription formatting', () => {
  beforeEach(() => setActiveIntl(createIntl({ locale: 'en', messages: en })));

  it('formats Stripe amounts in their currency, from the smallest unit', () => {
    expect(formatPrice({ interval: 'month', unitAmount: 800, currency: 'usd' })).toBe('$8');
    expect(formatPrice({ interval: 'year', unitAmount: 7999, currency: 'eur' })).toBe('€79.99');
    // Yen has no minor unit: 1200 is ¥1,200.
    expect(formatPrice({ interval: 'month', unitAmount: 1200, currency: 'jpy' })).toBe('¥1,200');
    expect(formatPrice({ interval: 'month', unitAmount: null, currency: 'usd' })).toBeNull();
    expect(formatPrice({ interval: 'month', unitAmount: 100, currency: 'not-a-currency' })).toBeNull();
  });

  it('formats storage in 1024-based units', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(100 * 1024 * 1024)).toBe('100 MB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5 GB');
  });

  it('reads a UTC reset instant as its UTC day', () => {
    expect(formatDate('2026-12-01T00:00:00.000Z', true)).toBe('December 1, 2026');
  });
});
