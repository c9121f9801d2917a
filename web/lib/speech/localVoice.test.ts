import { describe, expect, it } from 'vitest';
import { localVoice } from './useReadAloud';

const voice = (name: string, lang: string, localService: boolean, isDefault = false) =>
  ({ name, lang, localService, default: isDefault, voiceURI: name }) as SpeechSynthesisVoice;

describe('localVoice', () => {
  it("prefers a voice on the device in the page's language over the browser's network voice", () => {
    const voices = [voice('Google US English', 'en-US', false, true), voice('Alex', 'en-GB', true), voice('Samantha', 'en-US', true)];
    expect(localVoice({ getVoices: () => voices }, 'en-US')?.name).toBe('Samantha');
    expect(localVoice({ getVoices: () => voices }, 'en')?.name).toBe('Alex');
  });

  it('finds none when the device has no voice of that language, so the default is used', () => {
    const voices = [voice('Google español', 'es-ES', false), voice('Thomas', 'fr-FR', true)];
    expect(localVoice({ getVoices: () => voices }, 'es-ES')).toBeNull();
    expect(localVoice({ getVoices: () => [] }, 'en-US')).toBeNull();
  });
});
