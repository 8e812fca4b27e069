export { I18nProvider, useT, useLocale, translate, type TFunction } from './I18nProvider';
export { getLocale, setLocale, LOCALES, type Locale } from './locale';
export type { Messages } from './types';
