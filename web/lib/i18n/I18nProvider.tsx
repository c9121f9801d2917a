import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { loadMessages, type Messages } from './catalogues';
import { setActiveIntl, setValidationTranslator } from './translate';
import { applyDocumentLocale, useLanguage } from './language';
import { formattingLocale, sourceLanguage, type AppLocale } from './locales';

interface Loaded {
  locale: AppLocale;
  messages: Messages;
}

/** Messages that cannot be loaded: English instead, so a failed chunk never leaves a blank page. */
async function loadOrEnglish(locale: AppLocale): Promise<Loaded> {
  try {
    const language = formattingLocale(locale);
    // The contract's validation messages in the page's language: fetched only for a language other than English.
    const [messages, contract] = await Promise.all([
      loadMessages(locale),
      language === sourceLanguage ? null : import('../../../contract/messages'),
    ]);
    setValidationTranslator(contract ? (message) => contract.translateValidation(message, language) : null);
    return { locale, messages };
  } catch {
    return { locale: sourceLanguage, messages: await loadMessages(sourceLanguage) };
  }
}

/** The page's description (index.html's is English) in the reader's language; the catalogue for code outside React. */
function DocumentDescription() {
  const intl = useIntl();
  setActiveIntl(intl);
  useEffect(() => {
    document.querySelector('meta[name="description"]')?.setAttribute('content', intl.formatMessage({ id: 'shell.description' }));
  }, [intl]);
  return null;
}

/**
 * Loads the chosen locale's catalogue (and only that one) and provides it. On a change of language
 * the page stays as it is until the new catalogue is in, then the tree under it is mounted again, so
 * every word and every date formatted outside React follows the new locale at once.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const { locale } = useLanguage();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    let live = true;
    void loadOrEnglish(locale).then((next) => {
      if (!live) return;
      applyDocumentLocale(next.locale);
      setLoaded(next);
    });
    return () => {
      live = false;
    };
  }, [locale]);
  if (!loaded) return null;
  return (
    <IntlProvider locale={formattingLocale(loaded.locale)} defaultLocale={sourceLanguage} messages={loaded.messages}>
      <DocumentDescription />
      <Fragment key={loaded.locale}>{children}</Fragment>
    </IntlProvider>
  );
}
