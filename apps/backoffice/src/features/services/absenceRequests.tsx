// The request lists of the absence kinds (/students/askLeave, /students/askRepair): one declaration of
// the caller's campuses' requests (their own by a filter), a new one through the kind's form, and a
// withdrawal while it waits. A kind brings its columns, its list and add endpoints and its form.
import type { TAbsenceRow } from '@bo/api-sdk';
import type { ListColumn } from '@bo/ui-kit';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { defineListScreen, type ListScreenDef } from '../../app/list';
import type { TFunction } from '../../i18n';
import { ApprovalStatusBadge, When } from '../orders/parts';
import { StateBadge } from './parts';

export function absenceRequestScreen<S extends z.ZodType<FieldValues>>(kind: {
  key: string;
  what: (t: TFunction) => string;
  /** The kind's columns between the student's name and the reason. */
  columns: (t: TFunction) => ListColumn<TAbsenceRow>[];
  /** Show the approval's current step (a kind with a chain of steps). */
  step?: boolean;
  list: ListScreenDef<TAbsenceRow, S>['list'];
  form: Omit<NonNullable<ListScreenDef<TAbsenceRow, S>['form']>, 'canEdit'>;
  withdraw: (absenceId: number) => Promise<unknown>;
}) {
  return defineListScreen<TAbsenceRow, S>({
    key: kind.key,
    what: kind.what,
    rowId: (r) => String(r.absenceId),
    rowName: (r) => r.subjectName,
    searchFields: (t) => [
      { kind: 'text', name: 'keyword', label: t('svc.keyword') },
      {
        kind: 'select',
        name: 'requestedByMe',
        label: t('svc.mineOnly'),
        options: [{ value: 'true', label: t('svc.mineOnly') }],
      },
    ],
    columns: (t): ListColumn<TAbsenceRow>[] => {
      const step: ListColumn<TAbsenceRow>[] = kind.step ? [{ id: 'stepName', header: t('apv.step') }] : [];
      return [
        { id: 'subjectName', header: t('svc.student'), fixed: true },
        ...kind.columns(t),
        { id: 'reason', header: t('svc.reason') },
        {
          id: 'absenceStatus',
          header: t('svc.state'),
          cell: (r) => <StateBadge status={r.absenceStatus} />,
        },
        { id: 'status', header: t('apv.status'), cell: (r) => <ApprovalStatusBadge status={r.status} /> },
        ...step,
        { id: 'requestedByName', header: t('apv.requestedBy') },
        { id: 'requestedAt', header: t('apv.requestedAt'), cell: (r) => <When iso={r.requestedAt} /> },
      ];
    },
    list: kind.list,
    exportable: false,
    form: { ...kind.form, canEdit: () => false },
    rowActions: (t, h) => [
      {
        key: 'withdraw',
        label: t('svc.withdraw'),
        danger: true,
        confirm: t('svc.withdrawConfirm'),
        hidden: (r) => r.status !== 5,
        onClick: async (r) => {
          await kind.withdraw(r.absenceId);
          await h.refresh();
        },
      },
    ],
  });
}
