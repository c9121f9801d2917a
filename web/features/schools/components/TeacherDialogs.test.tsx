// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, settle } from '../../../../tests/web/render';
import { AddTeacherDialog } from './TeacherDialogs';

// Issue 39, item 20: adding a teacher whose address the server would refuse put a 422 in the
// console; the dialog now says what is wrong before any request.
function type(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

afterEach(() => vi.restoreAllMocks());

describe('the Add a teacher dialog', () => {
  it('says an address off the school’s domains or not an address at all is refused, sending nothing', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    await render(<AddTeacherDialog domains={['hillview.test']} onClose={() => undefined} onDone={() => undefined} />, { locale: 'es' });
    const email = document.querySelector<HTMLInputElement>('input[type=email]')!;
    const submit = () => settle(() => document.querySelector<HTMLButtonElement>('button[type=submit]')!.click());
    await settle(() => type(email, 'ana@gmail.com'));
    await submit();
    expect(document.body.textContent).toContain('Solo se pueden añadir direcciones de los dominios de la escuela: @hillview.test.');
    await settle(() => type(email, 'ana at hillview'));
    expect(document.body.textContent).not.toContain('Solo se pueden añadir');
    await submit();
    expect(document.body.textContent).toContain('Esto no es una dirección de correo electrónico.');
    expect(fetch.mock.calls.filter(([url]) => String(url as string).includes('/api/school-admin/teachers'))).toEqual([]);
  });
});
