import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { dictationProblem, recognitionIn, pageSpeechLang, type DictationProblem, type Recognition } from './support';

export interface Dictation {
  /** The browser can listen; without it no microphone button is shown. */
  supported: boolean;
  listening: boolean;
  /** What is being heard and may still change (shown, not yet in the box). */
  interim: string;
  problem: DictationProblem | null;
  toggle: () => void;
  /** Stops listening; what was already heard still arrives. */
  stop: () => void;
  /** Stops listening and drops what has not arrived yet (the message was just sent). */
  cancel: () => void;
}

/**
 * Dictation with the browser's speech recognition: each final phrase is handed to `onFinal` (the
 * composer appends it to what was typed); nothing is ever sent by itself.
 */
export function useDictation(onFinal: (text: string) => void): Dictation {
  const Ctor = useMemo(() => recognitionIn(), []);
  const [listening, setListening] = useState(false);
  const [interim, setInterim] = useState('');
  const [problem, setProblem] = useState<DictationProblem | null>(null);
  const active = useRef<Recognition | null>(null);
  const deliver = useRef(onFinal);
  useEffect(() => {
    deliver.current = onFinal;
  }, [onFinal]);

  const start = useCallback(() => {
    if (!Ctor || active.current) return;
    const rec = new Ctor();
    rec.lang = pageSpeechLang();
    rec.continuous = true;
    rec.interimResults = true;
    rec.onresult = (event) => {
      if (active.current !== rec) return;
      let heard = '';
      for (let i = event.resultIndex; i < event.results.length; i++) {
        const result = event.results[i]!;
        const said = result[0]?.transcript.trim() ?? '';
        if (!said) continue;
        if (result.isFinal) deliver.current(said);
        else heard += `${said} `;
      }
      setInterim(heard.trim());
    };
    rec.onerror = (event) => {
      if (active.current === rec) setProblem(dictationProblem(event.error));
    };
    rec.onend = () => {
      if (active.current !== rec) return;
      active.current = null;
      setListening(false);
      setInterim('');
    };
    setProblem(null);
    try {
      rec.start();
    } catch {
      setProblem('failed');
      return;
    }
    active.current = rec;
    setListening(true);
  }, [Ctor]);

  const stop = useCallback(() => active.current?.stop(), []);

  const cancel = useCallback(() => {
    const rec = active.current;
    if (!rec) return;
    active.current = null;
    rec.abort();
    setListening(false);
    setInterim('');
  }, []);

  const toggle = useCallback(() => (active.current ? stop() : start()), [start, stop]);

  // Leaving the page turns the microphone off.
  useEffect(
    () => () => {
      const rec = active.current;
      active.current = null;
      rec?.abort();
    },
    [],
  );

  return { supported: Ctor !== null, listening, interim, problem, toggle, stop, cancel };
}
