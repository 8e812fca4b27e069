// The form kit's configuration, apart from the kit itself: the app provides it at its root, and the
// root must not pull react-hook-form and zod into the first page (bench/bundle.mjs).
import { createContext, useContext } from 'react';

/** The kit's two languages (the same as the app's). */
export type FormLocale = 'zh-CN' | 'en';

/** What the app tells the kit once, near the root. */
export interface FormKitConfig {
  locale: FormLocale;
  /** Turns a server message into the user's language (default: the half of '中文 / English'). */
  localize?: (message: string) => string;
  /** What "reload" does after a version conflict when a form gives no onReload (e.g. refetch every query). */
  reload?: () => unknown;
}

export const FormKitContext = createContext<FormKitConfig>({ locale: 'zh-CN' });
export const useFormKit = () => useContext(FormKitContext);
