// The list kit's texts (and the searchable select's and date range's) in the current language,
// from the binding's messages. Light on purpose: the app's root provides them to every screen.
import { ListLabelsContext, ListViewsContext, type ListLabels, type ListViewsSlotProps } from '@bo/ui-kit';
import { Suspense, lazy, useMemo, type ReactNode } from 'react';
import { useT } from '../../i18n';

/** The kit's labels in the current language, from the binding's messages. */
export function useListKitLabels(): ListLabels {
  const t = useT();
  return useMemo<ListLabels>(
    () => ({
      search: t('list.search'),
      reset: t('list.reset'),
      create: t('list.create'),
      export: t('list.export'),
      import: t('list.import'),
      template: t('list.template'),
      actions: t('list.actions'),
      columns: t('list.columns'),
      columnsHint: t('list.columnsHint'),
      selectAll: t('list.selectAll'),
      selectRow: t('list.selectRow'),
      selected: (n) => t('list.selected', { n }),
      empty: t('list.empty'),
      loadFailed: t('list.loadFailed'),
      retry: t('list.retry'),
      total: (n) => t('list.total', { n }),
      totalAbout: (n) => t('list.totalAbout', { n: n.toLocaleString('en-US') }),
      pageSize: t('list.pageSize'),
      perPage: (n) => t('list.perPage', { n }),
      prevPage: t('list.prevPage'),
      nextPage: t('list.nextPage'),
      page: (n) => t('list.page', { n }),
      loading: t('list.loading'),
      dateFrom: t('list.dateFrom'),
      dateTo: t('list.dateTo'),
      all: t('list.all'),
      enabled: t('list.enabled'),
      disabled: t('list.disabled'),
      confirmDisable: t('list.confirmDisable'),
      confirmEnable: t('list.confirmEnable'),
      confirmTitle: t('list.confirmTitle'),
      exporting: (done, total) => t('list.exporting', { done, total }),
      save: t('list.save'),
      cancel: t('list.cancel'),
      close: t('list.close'),
      ok: t('list.ok'),
      noMatch: t('list.noMatch'),
      typeToNarrow: (n) => t('list.typeToNarrow', { n }),
      dateRange: t('list.dateRange'),
      today: t('list.today'),
      last7Days: t('list.last7Days'),
      last30Days: t('list.last30Days'),
      thisMonth: t('list.thisMonth'),
      lastMonth: t('list.lastMonth'),
      clearDates: t('list.clearDates'),
    }),
    [t],
  );
}

// The saved-views menu loads with the first list that shows it, not with the first page.
const SavedViewsMenu = lazy(() => import('./savedViews').then((m) => ({ default: m.SavedViewsMenu })));
function SavedViews(props: ListViewsSlotProps) {
  return (
    <Suspense fallback={null}>
      <SavedViewsMenu {...props} />
    </Suspense>
  );
}

/**
 * The kit's texts for everything below (screens that use the kit outside a list screen), and the
 * saved-views menu every list page with a search form shows.
 */
export function ListKitProvider({ children }: { children: ReactNode }) {
  return (
    <ListLabelsContext.Provider value={useListKitLabels()}>
      <ListViewsContext.Provider value={SavedViews}>{children}</ListViewsContext.Provider>
    </ListLabelsContext.Provider>
  );
}
