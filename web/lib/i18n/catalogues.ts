import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type english from './messages/en.json';
import { isPseudoLocale, type AppLocale, type Language } from './locales';

/** Every message id of the migrated catalogues; English is the source, so its keys are the ids. */
export type MessageId = keyof typeof english;

/** A loaded catalogue: ICU strings, or (pseudo-locales) their parsed form. */
export type Messages = Record<MessageId, string> | Record<MessageId, MessageFormatElement[]>;

/** A catalogue as written: ICU strings. */
export type Catalogue = Record<MessageId, string>;

/**
 * One dynamic import per language, so each catalogue is its own chunk and only the chosen one is
 * fetched. An object (not a switch) so tests can watch which loader ran.
 */
export const catalogueLoaders: Record<Language, () => Promise<Catalogue>> = {
  en: () => import('./messages/en.json').then((m) => m.default),
  es: () => import('./messages/es.json').then((m) => m.default satisfies Catalogue),
};

/** The messages of a locale: its own catalogue, or for a pseudo-locale the English one transformed. */
export async function loadMessages(locale: AppLocale): Promise<Messages> {
  if (isPseudoLocale(locale)) {
    // Written out (not pseudoLocalesEnabled) so that a production build drops the pseudo chunk.
    if (!(import.meta.env.MODE === 'test' || import.meta.env.VITE_PSEUDO_LOCALES === '1')) {
      return catalogueLoaders.en();
    }
    const [{ pseudoMessages }, source] = await Promise.all([import('./pseudo'), catalogueLoaders.en()]);
    return pseudoMessages(locale, source);
  }
  return catalogueLoaders[locale]();
}

declare global {
  // react-intl's own calls (`intl.formatMessage({ id })`, `<FormattedMessage id>`) take only known ids.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
