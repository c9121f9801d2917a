// The browser's own speech: synthesis (read aloud) and recognition (dictation). Nothing is sent to
// a service of ours; where the browser has neither, the controls are not shown.

/** What the dictation hook needs of SpeechRecognition (not in TypeScript's DOM types). */
export interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: { resultIndex: number; results: SpeechRecognitionResultList }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

export type RecognitionConstructor = new () => Recognition;

/** The parts of `window` the speech features look at; tests pass a plain object. */
export interface SpeechHost {
  speechSynthesis?: SpeechSynthesis | null;
  SpeechSynthesisUtterance?: typeof SpeechSynthesisUtterance | null;
  SpeechRecognition?: RecognitionConstructor | null;
  webkitSpeechRecognition?: RecognitionConstructor | null;
}

const browser = (): SpeechHost | undefined => (typeof window === 'undefined' ? undefined : window);

/** The browser's speech synthesis and its utterance, or null where either is missing. */
export function synthesisIn(host: SpeechHost | undefined = browser()) {
  const synth = host?.speechSynthesis;
  const Utterance = host?.SpeechSynthesisUtterance;
  if (!synth || typeof synth.speak !== 'function' || typeof Utterance !== 'function') return null;
  return { synth, Utterance };
}

/** The browser's speech recognition (standard or webkit-prefixed), or null where it has none. */
export function recognitionIn(host: SpeechHost | undefined = browser()): RecognitionConstructor | null {
  const Ctor = host?.SpeechRecognition ?? host?.webkitSpeechRecognition;
  return typeof Ctor === 'function' ? Ctor : null;
}

/** A region for each language when the browser names none of its own (Latin American Spanish, as the catalogue is written). */
const defaultRegion: Record<string, string> = { en: 'en-US', es: 'es-MX' };

/**
 * The language to speak and listen in, with a region (recognition needs one): the page's language
 * in the browser's region when the browser speaks it ('es' on an es-AR browser is 'es-AR'), else
 * the language's usual region; a pseudo-locale (en-XA, ar-XB) is English; no page language: the
 * browser's, else English.
 */
export function speechLang(page: string | undefined, browserLang: string | undefined): string {
  const browserTag = browserLang?.trim() || undefined;
  let pageTag = page?.trim() || undefined;
  if (pageTag && /^(en-XA|ar-XB)$/i.test(pageTag)) pageTag = 'en';
  if (!pageTag) return browserTag ?? defaultRegion.en!;
  const base = pageTag.toLowerCase().split('-')[0]!;
  if (pageTag.includes('-')) return pageTag;
  if (browserTag && browserTag.toLowerCase().split(/[-_]/)[0] === base && browserTag.includes('-')) return browserTag;
  return defaultRegion[base] ?? pageTag;
}

/** speechLang of this page and browser. */
export function pageSpeechLang(): string {
  return speechLang(
    typeof document === 'undefined' ? undefined : document.documentElement.lang,
    typeof navigator === 'undefined' ? undefined : navigator.language,
  );
}

export type DictationProblem = 'blocked' | 'noMicrophone' | 'noSpeech' | 'failed';

/** A recognition error as the student is told it; null when nothing went wrong (stopped on purpose). */
export function dictationProblem(error: string): DictationProblem | null {
  if (error === 'aborted') return null;
  if (error === 'not-allowed' || error === 'service-not-allowed') return 'blocked';
  if (error === 'audio-capture') return 'noMicrophone';
  if (error === 'no-speech') return 'noSpeech';
  return 'failed';
}
