export { I18nProvider, useT, useLocale, translate, tCode, type TFunction } from './I18nProvider';
export { getLocale, setLocale, LOCALES, type Locale } from './locale';
export { pickLanguage } from './bilingual';
export { defineMessages, type Messages } from './types';
export { isMessageKey, type MessageKey } from './catalogue';
export { addMessages, loadMessages, type MessagesLoader } from './catalogue';
