// The frame of a settings screen: its title from the route table (spec §2) and a panel.
import { routeByPath } from '@bo/domain';
import { Card, PageHeader } from '@bo/ui-kit';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ListKitProvider } from '../../app/list';
import { useLocale } from '../../i18n';

export function ScreenFrame({ description, children }: { description?: ReactNode; children: ReactNode }) {
  const { pathname } = useLocation();
  const [locale] = useLocale();
  const title = routeByPath(pathname)?.title[locale] ?? '';
  return (
    <ListKitProvider>
      <PageHeader title={title} description={description} />
      <Card>{children}</Card>
    </ListKitProvider>
  );
}
