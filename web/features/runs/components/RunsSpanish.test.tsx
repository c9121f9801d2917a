// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { render } from '../../../../tests/web/render';
import en from '../../../lib/i18n/messages/en.json';
import { Composer } from './Composer';
import { DictateButton } from './DictateButton';
import { answerLabel, DocForm } from './DocForm';
import type { FormInput } from '../../../../contract/bots';
import { useT } from '../../../lib/i18n';
import { HandInDialog } from './HandInDialog';
import { MessageBubble } from './MessageBubble';
import { ReadAloudButton } from './ReadAloudButton';

// Issue 30: the chat a student and a teacher see, in Spanish: the message box, a reply being
// written, the speech buttons, and the hand-in question.
describe('the run chat in Spanish', () => {
  it('says everything in Spanish, with no English word of the runs catalogue left', async () => {
    const noop = () => undefined;
    await render(
      <>
        <ol>
          <MessageBubble role="user" text="Hola" state="complete" botName="Tutor" />
          <MessageBubble role="assistant" text="" state="streaming" botName="Tutor" />
          <MessageBubble role="assistant" text="Listo." state="interrupted" botName="Tutor" />
        </ol>
        <ReadAloudButton speaking={false} onClick={noop} />
        <DictateButton listening={false} disabled={false} onClick={noop} />
        <Composer busy={false} canStop={false} onSend={noop} onStop={noop} returned={null} />
        <HandInDialog open teacher="Ms. Rivera" busy={false} error={null} onConfirm={noop} onClose={noop} />
      </>,
      { locale: 'es' },
    );
    const page = document.body;
    const text = page.textContent ?? '';
    for (const word of ['Tú', 'Escribiendo…', 'Esta respuesta se cortó antes del final.', 'Enviar', '¿Entregarle esta tarea a Ms. Rivera?'])
      expect(text).toContain(word);
    expect(page.querySelector('[aria-label="Leer en voz alta"]')).not.toBeNull();
    expect(page.querySelector('[aria-label="Dictar"]')).not.toBeNull();
    expect(page.querySelector('textarea')?.getAttribute('placeholder')).toBe('Escribe un mensaje');

    const readable = ['aria-label', 'title', 'placeholder', 'alt'];
    const shown = [text, ...[...page.querySelectorAll('*')].flatMap((el) => readable.map((a) => el.getAttribute(a) ?? ''))].join('\n');
    const english = Object.entries(en).filter(([id]) => id.startsWith('runs.') || id.startsWith('markdown.'));
    for (const [, value] of english) if (!/[{}]/.test(value) && value.length > 3) expect(shown).not.toContain(value);
  });
});

// Issue 39 (item 15): a DocBot form's lists read in Spanish; what is chosen stays the stored option.
describe('a DocBot form in Spanish', () => {
  it('shows each option and grade in Spanish and keeps the English value the model reads', async () => {
    const noop = () => undefined;
    await render(
      <DocForm
        inputs={[
          {
            key: 'type',
            label: 'Tipo de pregunta',
            kind: 'select',
            required: true,
            options: ['Multiple choice', 'Short answer'],
            optionLabels: ['Opción múltiple', 'Respuesta corta'],
          },
          { key: 'grade', label: 'Grado', kind: 'grade_level', required: true },
        ]}
        values={{ type: 'Multiple choice', grade: 'Grade 5' }}
        errors={{}}
        onChange={noop}
        onSubmit={noop}
        busy={false}
        disabled={false}
      />,
      { locale: 'es' },
    );
    const text = document.body.textContent ?? '';
    expect(text).toContain('Opción múltiple');
    expect(text).toContain('5.º grado');
    expect(text).not.toContain('Multiple choice');
    expect(text).not.toContain('Grade 5');
    const values = [...document.querySelectorAll('input')].map((i) => i.value);
    expect(values).toEqual(expect.arrayContaining(['Multiple choice', 'Grade 5']));
  });

  it('reads the answers back in Spanish after the run (Your answers), the typed ones as typed', async () => {
    const inputs: FormInput[] = [
      { key: 'type', label: 'Tipo', kind: 'select', required: true, options: ['Short answer'], optionLabels: ['Respuesta corta'] },
      { key: 'grade', label: 'Grado', kind: 'grade_level', required: true },
      { key: 'topic', label: 'Tema', kind: 'text', required: true },
    ];
    const values: Record<string, string> = { type: 'Short answer', grade: 'Grade 5', topic: 'Grade 5 fractions' };
    function Answers() {
      const t = useT();
      return <p>{inputs.map((i) => answerLabel(i, values[i.key]!, t)).join(' | ')}</p>;
    }
    await render(<Answers />, { locale: 'es' });
    expect(document.body.textContent).toContain('Respuesta corta | 5.º grado | Grade 5 fractions');
  });
});
