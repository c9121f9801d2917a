// @vitest-environment happy-dom
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { render, settle } from '../../tests/web/render';
import { useUnsavedChanges } from './useUnsavedChanges';

// Issue 25: the leave question stayed on "not saved yet" after the work had been saved meanwhile.
describe('useUnsavedChanges', () => {
  it('asks while work is unsaved, and lets the navigation through once it is saved', async () => {
    const control: { save?: () => void; go?: () => void } = {};
    function Editor() {
      const [dirty, setDirty] = useState(true);
      const { blocker } = useUnsavedChanges(dirty);
      const navigate = useNavigate();
      control.save = () => setDirty(false);
      control.go = () => void navigate('/elsewhere');
      return <p data-testid="state">{blocker.state}</p>;
    }
    const router = createMemoryRouter(
      [
        { path: '/editor', element: <Editor /> },
        { path: '/elsewhere', element: <p>elsewhere</p> },
      ],
      { initialEntries: ['/editor'] },
    );
    const { container } = await render(<RouterProvider router={router} />, { router: false });
    await settle(() => control.go!());
    expect(router.state.location.pathname).toBe('/editor');
    expect(container.querySelector('[data-testid=state]')!.textContent).toBe('blocked');

    // The save in flight lands while the question is open.
    await settle(() => control.save!());
    expect(router.state.location.pathname).toBe('/elsewhere');
    expect(container.textContent).toBe('elsewhere');
  });
});
