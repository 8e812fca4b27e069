import { useMemo } from 'react';
import { buildMenu, type MenuGroupView } from '../../app/menu';
import { hasScreen } from '../../app/registry';
import { useSession } from '../../app/session';
import { useLocale } from '../../i18n';

/** The signed-in user's menu: allowed screens that exist in this build. */
export function useMenu(): MenuGroupView[] {
  const { permissions } = useSession();
  const [locale] = useLocale();
  return useMemo(
    () =>
      permissions ? buildMenu(permissions.menu, { hasScreen, forbidden: permissions.forbidden, locale }) : [],
    [permissions, locale],
  );
}
