// Tells the form kit the user's language, how server messages are localised, and what "reload"
// does after a version conflict (refetch what is on screen). Mounted once, near the root.
import { FormKitContext, type FormKitConfig } from '@bo/ui-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { pickLanguage, useLocale } from '../../i18n';

export function FormKitProvider({ children }: { children: ReactNode }) {
  const [locale] = useLocale();
  const qc = useQueryClient();
  const value = useMemo<FormKitConfig>(
    () => ({
      locale,
      localize: (m) => pickLanguage(m, locale),
      // The user's "reload" after a version conflict: every query, so whatever is on screen is current.
      reload: () => qc.invalidateQueries(),
    }),
    [locale, qc],
  );
  return <FormKitContext.Provider value={value}>{children}</FormKitContext.Provider>;
}
