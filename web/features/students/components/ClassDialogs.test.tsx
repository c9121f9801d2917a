// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { render, settle } from '../../../../tests/web/render';
import { ClassFormDialog, type ClassFormValue } from './ClassDialogs';

// Issue 30: a class's students' language (the class's default locale) is chosen in the class dialog.
describe('the class dialog', () => {
  it('shows the class’s students’ language and sends it with the name and period', async () => {
    const onSubmit = vi.fn((value: ClassFormValue) => Promise.resolve(void value));
    await render(
      <ClassFormDialog
        title="Rename class"
        submitLabel="Save"
        initial={{ name: 'Biology 7', section: '', defaultLocale: 'es' }}
        onSubmit={onSubmit}
        onClose={() => undefined}
      />,
    );
    expect(document.body.textContent).toContain("Students' language");
    expect(document.body.textContent).toContain('Español');
    await settle(() => document.querySelector<HTMLButtonElement>('button[type=submit]')!.click());
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Biology 7', section: null, defaultLocale: 'es' });
  });

  it('offers each student’s own choice, in Spanish too', async () => {
    await render(
      <ClassFormDialog
        title="Nueva clase"
        submitLabel="Crear clase"
        initial={{ name: '', section: '', defaultLocale: null }}
        onSubmit={() => Promise.resolve()}
        onClose={() => undefined}
      />,
      { locale: 'es' },
    );
    const text = document.body.textContent ?? '';
    for (const word of ['Nombre de la clase', 'Idioma de los estudiantes', 'Lo que elija cada estudiante', 'Cancelar'])
      expect(text).toContain(word);
  });
});
