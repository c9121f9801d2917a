// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { render } from '../../tests/web/render';
import { QueryState } from './QueryState';

const query = (status: 'pending' | 'error' | 'success', data?: string) => ({ status, data, refetch: () => Promise.resolve() });

const show = (q: ReturnType<typeof query>, props: { loadingLine?: boolean; keepDataOnError?: boolean } = {}) =>
  render(
    <QueryState query={q} loadingLabel="Loading the list…" errorText="Could not load the list." retryLabel="Retry" {...props}>
      {(data) => <p data-testid="data">{data}</p>}
    </QueryState>,
  );

describe('QueryState', () => {
  it('names the spinner, or shows a loading line as a status', async () => {
    const spinner = await show(query('pending'));
    expect(spinner.container.querySelector('[role="progressbar"]')?.getAttribute('aria-label')).toBe('Loading the list…');
    const line = await show(query('pending'), { loadingLine: true });
    const status = line.container.querySelector('[role="status"]');
    expect(status?.textContent).toBe('Loading the list…');
    expect(status?.querySelector('[role="progressbar"]')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('shows the error with Retry, or keeps the data of a failed refresh when asked', async () => {
    const failed = await show(query('error', 'kept'));
    expect(failed.container.querySelector('[role="alert"]')?.textContent).toContain('Could not load the list.');
    expect(failed.container.querySelector('button')?.textContent).toBe('Retry');
    const kept = await show(query('error', 'kept'), { keepDataOnError: true });
    expect(kept.container.querySelector('[role="alert"]')).toBeNull();
    expect(kept.container.querySelector('[data-testid="data"]')?.textContent).toBe('kept');
    const first = await show(query('error'), { keepDataOnError: true });
    expect(first.container.querySelector('[role="alert"]')).not.toBeNull();
  });
});
