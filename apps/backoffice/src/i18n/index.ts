export { I18nProvider, useT, useLocale, translate, type TFunction } from './I18nProvider';
export { getLocale, setLocale, LOCALES, type Locale } from './locale';
export { pickLanguage } from './bilingual';
export type { Messages } from './types';
