import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { speakableText, speechChunks } from './speakableText';
import { pageSpeechLang, synthesisIn } from './support';

export interface ReadAloud {
  /** The browser can speak; without it no play button is shown. */
  supported: boolean;
  /** The message being read, if any. */
  speakingId: string | null;
  /** Reads a message (its Markdown), or stops it when it is the one being read. */
  toggle: (id: string, markdown: string) => void;
  stop: () => void;
}

/**
 * A voice of the page's language that runs on the device (`localService`), so the reply's text
 * stays on it: some browsers' default voice is a network one (Chrome's "Google" voices send the
 * text to Google). Null when the device has none: the browser's default is used then.
 */
export function localVoice(synth: Pick<SpeechSynthesis, 'getVoices'>, lang: string): SpeechSynthesisVoice | null {
  const base = lang.toLowerCase().split('-')[0]!;
  const local = synth.getVoices().filter((v) => v.localService && v.lang.toLowerCase().split(/[-_]/)[0] === base);
  return local.find((v) => v.lang.toLowerCase() === lang.toLowerCase()) ?? local.find((v) => v.default) ?? local[0] ?? null;
}

/**
 * Read-aloud with the browser's speech synthesis: one message at a time, stopped when the page
 * that owns it goes away. The text read is the reply's words, not its Markdown or LaTeX source.
 */
export function useReadAloud(): ReadAloud {
  const engine = useMemo(() => synthesisIn(), []);
  const [speakingId, setSpeakingId] = useState<string | null>(null);
  // The reading under way: its id, and a token that later callbacks of a cancelled one do not match.
  const current = useRef<{ id: string; token: object } | null>(null);

  // Chrome lists its voices only after `voiceschanged`: ask early, so the first reading can pick a local one.
  useEffect(() => {
    if (!engine) return;
    const load = () => void engine.synth.getVoices();
    load();
    engine.synth.addEventListener?.('voiceschanged', load);
    return () => engine.synth.removeEventListener?.('voiceschanged', load);
  }, [engine]);

  const stop = useCallback(() => {
    if (!engine || !current.current) return;
    current.current = null;
    engine.synth.cancel();
    setSpeakingId(null);
  }, [engine]);

  const toggle = useCallback(
    (id: string, markdown: string) => {
      if (!engine) return;
      if (current.current?.id === id) return stop();
      engine.synth.cancel();
      const chunks = speechChunks(speakableText(markdown));
      if (chunks.length === 0) return stop();
      const token = {};
      current.current = { id, token };
      setSpeakingId(id);
      const lang = pageSpeechLang();
      const voice = localVoice(engine.synth, lang);
      chunks.forEach((chunk, i) => {
        const utterance = new engine.Utterance(chunk);
        utterance.lang = lang;
        if (voice) utterance.voice = voice;
        // A little slower than the default, for young readers and English learners.
        utterance.rate = 0.95;
        const last = i === chunks.length - 1;
        const ended = (failed: boolean) => {
          if (current.current?.token !== token || (!last && !failed)) return;
          current.current = null;
          setSpeakingId(null);
        };
        utterance.onend = () => ended(false);
        utterance.onerror = () => ended(true);
        engine.synth.speak(utterance);
      });
    },
    [engine, stop],
  );

  // Leaving the page stops the voice (the browser would otherwise go on reading).
  useEffect(
    () => () => {
      if (current.current) engine?.synth.cancel();
      current.current = null;
    },
    [engine],
  );

  return { supported: engine !== null, speakingId, toggle, stop };
}
