import { describe, expect, it } from 'vitest';
import { dictationProblem, recognitionIn, speechLang, synthesisIn, type RecognitionConstructor, type SpeechHost } from './support';

class FakeRecognition {}
const Recognition = FakeRecognition as unknown as RecognitionConstructor;
const synth = { speak: () => undefined, cancel: () => undefined } as unknown as SpeechSynthesis;
class FakeUtterance {}
const Utterance = FakeUtterance as unknown as typeof SpeechSynthesisUtterance;

describe('speech feature detection', () => {
  it('finds synthesis only when both speechSynthesis and its utterance exist', () => {
    expect(synthesisIn({ speechSynthesis: synth, SpeechSynthesisUtterance: Utterance })).toEqual({ synth, Utterance });
    expect(synthesisIn({ speechSynthesis: synth })).toBeNull();
    expect(synthesisIn({ SpeechSynthesisUtterance: Utterance })).toBeNull();
    expect(synthesisIn({ speechSynthesis: null, SpeechSynthesisUtterance: Utterance })).toBeNull();
    expect(synthesisIn(undefined)).toBeNull();
  });

  it('finds recognition standard or webkit-prefixed, and nothing where neither is a constructor', () => {
    expect(recognitionIn({ SpeechRecognition: Recognition })).toBe(Recognition);
    expect(recognitionIn({ webkitSpeechRecognition: Recognition })).toBe(Recognition);
    expect(recognitionIn({})).toBeNull();
    expect(recognitionIn({ webkitSpeechRecognition: {} } as unknown as SpeechHost)).toBeNull();
    expect(recognitionIn(undefined)).toBeNull();
  });

  it('speaks and listens in the page language, else the browser language, else English', () => {
    expect(speechLang('fr', 'en-GB')).toBe('fr');
    expect(speechLang('', 'en-GB')).toBe('en-GB');
    expect(speechLang(undefined, undefined)).toBe('en-US');
    // The page's language in the browser's region, else the language's usual one.
    expect(speechLang('es', 'es-AR')).toBe('es-AR');
    expect(speechLang('es', 'en-GB')).toBe('es-MX');
    expect(speechLang('en', 'en-GB')).toBe('en-GB');
    expect(speechLang('en', 'es-MX')).toBe('en-US');
    // The pseudo-locales speak English.
    expect(speechLang('ar-XB', 'en-US')).toBe('en-US');
    expect(speechLang('en-XA', 'de-DE')).toBe('en-US');
  });

  it('tells a blocked microphone apart, and says nothing when dictation was stopped on purpose', () => {
    expect(dictationProblem('not-allowed')).toBe('blocked');
    expect(dictationProblem('service-not-allowed')).toBe('blocked');
    expect(dictationProblem('audio-capture')).toBe('noMicrophone');
    expect(dictationProblem('no-speech')).toBe('noSpeech');
    expect(dictationProblem('network')).toBe('failed');
    expect(dictationProblem('aborted')).toBeNull();
  });
});
