// /setting/dayOfreset: the rest-day / opening calendar of the campuses (the /clueCalendar/* endpoints):
// a month of days, each open or a rest day for every campus by default, with per-campus exceptions.
// Bespoke because the work is a calendar, not a list (docs/decisions.md).
import { Button, Dialog, Switch, TextField, useToast } from '@bo/ui-kit';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { runCommand } from '../../app/invalidation';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { ListKitProvider } from '../../app/list';
import { ScreenFrame } from './ScreenFrame';

const thisMonth = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
};
/** Monday-first weekday index (0..6) of a YYYY-MM-DD date. */
const weekdayIndex = (date: string) => (new Date(`${date}T00:00:00`).getDay() + 6) % 7;

function DayDialog({
  dateStr,
  open,
  note,
  onClose,
}: {
  dateStr: string;
  open: boolean;
  note: string;
  onClose: () => void;
}) {
  const t = useT();
  const toast = useToast();
  const qc = useQueryClient();
  const [dayNote, setDayNote] = useState(note);
  const schools = useQuery({
    queryKey: ['calendar', 'schools', dateStr],
    queryFn: () => sdk.clues.calendarSchoolsOnDate({ query: { dateStr } }),
  });
  const setDay = async (isOpen: boolean) => {
    try {
      await runCommand(qc, () =>
        sdk.clues.updateCalender({ body: { dateStr, typeCalendar: 1, isOpen, note: dayNote } }),
      );
      toast.success(t('list.saved'));
    } catch {
      // shown by the SDK
    }
  };
  const setSchool = async (schoolItemCode: string, isOpen: boolean) => {
    try {
      await runCommand(qc, () =>
        sdk.clues.updateCalenderSchool({ body: { dateStr, schoolItemCode, isOpen, note: '' } }),
      );
    } catch {
      // shown by the SDK
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={dateStr}
      size="lg"
      closeLabel={t('list.close')}
      footer={<Button onClick={onClose}>{t('list.close')}</Button>}
    >
      <div className="flex flex-col gap-3">
        <TextField
          label={t('list.remark')}
          value={dayNote}
          maxLength={200}
          onChange={(e) => setDayNote(e.target.value)}
        />
        <div className="flex gap-2">
          <Button variant={open ? 'primary' : 'secondary'} onClick={() => void setDay(true)}>
            {t('set.day.open')}
          </Button>
          <Button variant={open ? 'secondary' : 'danger'} onClick={() => void setDay(false)}>
            {t('set.day.rest')}
          </Button>
        </div>
        <h3 className="text-sm font-medium text-ink">{t('set.day.campuses')}</h3>
        <ul className="max-h-72 divide-y divide-line overflow-y-auto rounded-md border border-line">
          {(schools.data ?? []).map((s) => (
            <li key={s.schoolItemCode} className="flex items-center justify-between px-3 py-1.5 text-sm">
              <span>{s.schoolItemName}</span>
              <Switch
                size="sm"
                checked={s.isOpen}
                aria-label={`${s.schoolItemName} ${t('set.day.open')}`}
                onChange={(v) => void setSchool(s.schoolItemCode, v)}
              />
            </li>
          ))}
        </ul>
      </div>
    </Dialog>
  );
}

export default function DayOfreset() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const month = /^\d{4}-\d{2}$/.test(params.get('month') ?? '')
    ? (params.get('month') ?? thisMonth())
    : thisMonth();
  const days = useQuery({
    queryKey: ['calendar', 'days', month],
    queryFn: () => sdk.clues.calendarList({ query: { monthStr: month, typeCalendar: 1 } }),
    placeholderData: keepPreviousData,
  });
  const [openDay, setOpenDay] = useState<{ dateStr: string; isOpen: boolean; note: string } | null>(null);
  const first = days.data?.[0];
  const lead = first ? weekdayIndex(first.dateStr) : 0;
  const weekdays = ([1, 2, 3, 4, 5, 6, 7] as const).map((i) => t(`set.day.w${i}`));
  return (
    <ScreenFrame description={t('set.dayOfreset.desc')}>
      <ListKitProvider>
        <div className="mb-3 flex items-end gap-3">
          <TextField
            type="month"
            label={t('set.month')}
            value={month}
            onChange={(e) => {
              const next = new URLSearchParams(params);
              if (e.target.value) next.set('month', e.target.value);
              setParams(next);
            }}
            wrapperClassName="w-44"
          />
          <span className="pb-2 text-xs text-muted">{t('set.day.hint')}</span>
        </div>
        {days.error ? (
          <p role="alert" className="text-danger-600">
            {t('list.loadFailed')}
          </p>
        ) : (
          <div
            role="grid"
            aria-label={month}
            aria-busy={days.isFetching || undefined}
            className="grid grid-cols-7 gap-1.5"
          >
            {weekdays.map((w) => (
              <div key={w} role="columnheader" className="py-1 text-center text-xs font-medium text-muted">
                {w}
              </div>
            ))}
            {Array.from({ length: lead }, (_, i) => (
              <div key={`lead${i}`} aria-hidden="true" />
            ))}
            {(days.data ?? []).map((d) => (
              <button
                key={d.dateStr}
                type="button"
                role="gridcell"
                aria-label={`${d.dateStr} ${d.isOpen ? t('set.day.open') : t('set.day.rest')}`}
                onClick={() => setOpenDay({ dateStr: d.dateStr, isOpen: d.isOpen, note: d.note })}
                className={`flex min-h-16 flex-col items-start rounded-md border p-1.5 text-left text-xs hover:border-brand-500 ${d.isOpen ? 'border-line bg-surface' : 'border-danger-100 bg-danger-50'}`}
              >
                <span className="text-sm font-medium text-ink">{Number(d.dateStr.slice(8))}</span>
                <span className={d.isOpen ? 'text-success-600' : 'text-danger-600'}>
                  {d.isOpen ? t('set.day.open') : t('set.day.rest')}
                </span>
                <span className="text-subtle">{t('set.day.openCount', { n: d.openSchoolCount })}</span>
                {d.note && <span className="truncate text-muted">{d.note}</span>}
              </button>
            ))}
          </div>
        )}
        {openDay && (
          <DayDialog
            key={openDay.dateStr}
            dateStr={openDay.dateStr}
            open={openDay.isOpen}
            note={openDay.note}
            onClose={() => setOpenDay(null)}
          />
        )}
      </ListKitProvider>
    </ScreenFrame>
  );
}
