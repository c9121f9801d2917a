import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { loadMessages, type Messages } from './catalogues';
import { sourceLanguage, type Language } from './locales';

/**
 * Part of a page in another language than the page's: a sheet printed for a class in the class's
 * language (decision 282). Its catalogue is loaded on first use (the page's own is used when the
 * language is the page's, or none is given); until it is in, `fallback` shows. A catalogue that
 * cannot be loaded leaves the part in the page's language.
 */
export function InLanguage({
  language,
  children,
  fallback = null,
}: {
  language: Language | null;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const page = useIntl();
  const other = language !== null && language !== page.locale ? language : null;
  const [loaded, setLoaded] = useState<{ language: Language; messages: Messages | null } | null>(null);
  useEffect(() => {
    if (!other) return;
    let live = true;
    loadMessages(other).then(
      (messages) => live && setLoaded({ language: other, messages }),
      () => live && setLoaded({ language: other, messages: null }),
    );
    return () => {
      live = false;
    };
  }, [other]);
  if (!other) return <>{children}</>;
  if (loaded?.language !== other) return <>{fallback}</>;
  if (!loaded.messages) return <>{children}</>;
  return (
    <IntlProvider locale={other} defaultLocale={sourceLanguage} messages={loaded.messages}>
      {children}
    </IntlProvider>
  );
}
