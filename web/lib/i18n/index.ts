// The web app's localisation (docs/decisions/271-localisation-library.md): one door for the rest of web/.
export { I18nProvider } from './I18nProvider';
export { InLanguage } from './InLanguage';
export { useT, type Translate, type MessageValues } from './useT';
export { translate, setActiveIntl, validationText, localIssues } from './translate';
export { useLanguage, setLanguage, currentLocale, currentFormattingLocale } from './language';
export {
  languages,
  languageNames,
  pseudoLocales,
  pseudoLocalesEnabled,
  isPseudoLocale,
  textDirection,
  type AppLocale,
  type Language,
} from './locales';
export type { MessageId } from './catalogues';
