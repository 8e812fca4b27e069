// /education/dataExport: pick a campus and a period; the list previews the lessons (up to 62 days)
// and "Export" downloads every lesson and attendance of the whole period (at most a year) as one
// workbook, streamed by the server.
import type { TLessonRow } from '@bo/api-sdk';
import { exportFileName } from '@bo/domain';
import { Button, useToast } from '@bo/ui-kit';
import { useState } from 'react';
import { defineListScreen, downloadBlob } from '../../app/list';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { campusField, lessonColumns, lessonsOf, periodField, thisMonth } from './listParts';
import { daysBetween } from './weekGrid';

/** The longest period the preview lists (the timetable list's bound); the export takes any up to a year. */
const PREVIEW_DAYS = 62;

function ExportButton({ filters }: { filters: Record<string, string> }) {
  const t = useT();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const { schoolItemCode, from, to } = filters;
  return (
    <Button
      variant="primary"
      loading={busy}
      disabled={!schoolItemCode || !from || !to}
      onClick={() => {
        if (!schoolItemCode || !from || !to) return;
        setBusy(true);
        void sdk.teaching
          .planExport({ query: { schoolItemCode, from, to } })
          .then((blob) => {
            downloadBlob(blob, exportFileName(`${t('teach.exportWorkbook')}_${schoolItemCode}`, new Date()));
            toast.success(t('teach.exported'));
          })
          .catch(() => undefined) // the SDK has shown the refusal
          .finally(() => setBusy(false));
      }}
    >
      {t('teach.exportWorkbook')}
    </Button>
  );
}

export default defineListScreen<TLessonRow>({
  key: 'teachingDataExport',
  what: (t) => t('teach.lessonRow'),
  rowId: (l) => String(l.id),
  filterDefaults: thisMonth(),
  searchFields: (t) => [campusField(t), periodField(t)],
  columns: lessonColumns,
  list: ({ filters }) =>
    filters.from && filters.to && daysBetween(filters.from, filters.to) <= PREVIEW_DAYS
      ? lessonsOf(filters)
      : Promise.resolve([]),
  exportable: false,
  notice: (t) => <p className="px-1 pb-2 text-sm text-muted">{t('teach.exportHint')}</p>,
  toolbar: (_t, h) => <ExportButton filters={h.filters} />,
});
