// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { render } from '../../../../tests/web/render';
import { UsageTable } from './UsageTable';

// The dashboard's tables carry the busiest rows only (DASHBOARD_TABLE_ROWS); the page says so.
const rows = [{ id: 'a' }, { id: 'b' }];
const table = (total: number) => (
  <UsageTable<{ id: string }>
    table="bots"
    period={{ from: '2026-11-01', to: '2026-11-30' }}
    rows={rows}
    total={total}
    columns={[{ label: 'Bot', cell: (r) => r.id }]}
    rowKey={(r) => r.id}
  />
);

describe('a usage table', () => {
  it('says how many of how many rows it shows when the server cut it, in both languages', async () => {
    await render(table(5845));
    expect(document.querySelector('[data-testid="table-bots-cut"]')?.textContent).toBe(
      'Showing the 2 rows with the most generations, of 5,845. The CSV export has them all.',
    );
    document.body.innerHTML = '';
    await render(table(5845), { locale: 'es' });
    expect(document.querySelector('[data-testid="table-bots-cut"]')?.textContent).toBe(
      'Se muestran las 2 filas con más generaciones, de 5845. La exportación CSV las tiene todas.',
    );
  });

  it('says nothing of a cut when it has every row', async () => {
    await render(table(2));
    expect(document.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(document.querySelector('[data-testid="table-bots-cut"]')).toBeNull();
  });
});
