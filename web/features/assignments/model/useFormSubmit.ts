import { useRef, useState } from 'react';
import { ApiError } from '../../../lib/http';
import { useT } from '../../../lib/i18n';
import { formErrorsOf, type FormErrors } from './form';

/**
 * The submit of an assignment form (new and edit): one request at a time (the button is disabled
 * while busy; this also stops a second Enter in the same frame), the server's 422 on its fields,
 * any other failure above the form.
 */
export function useFormSubmit() {
  const t = useT();
  const [errors, setErrors] = useState<FormErrors>({});
  const [other, setOther] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const pending = useRef(false);

  /** Shows what the browser's own check of the form found. */
  const refuse = (fieldErrors: FormErrors, otherErrors: string[]) => {
    setErrors(fieldErrors);
    setOther(otherErrors);
  };

  const run = async (request: () => Promise<void>) => {
    if (pending.current) return;
    pending.current = true;
    setBusy(true);
    setErrors({});
    setOther([]);
    try {
      await request();
    } catch (err) {
      if (err instanceof ApiError && err.fields) {
        const mapped = formErrorsOf(err.fields);
        setErrors(mapped.errors);
        setOther(mapped.other.length ? mapped.other : [t('assignments.fixErrors')]);
      } else setOther([err instanceof Error ? err.message : String(err)]);
    } finally {
      pending.current = false;
      setBusy(false);
    }
  };

  return { errors, other, busy, refuse, run };
}
