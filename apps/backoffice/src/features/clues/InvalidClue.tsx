// /clues/invalidClue: invalid-marking requests (/clue/clue/invalid/list); approve or reject with the two checks shown.
import type { TApprovalRow } from './types';
import { Badge } from '@bo/ui-kit';
import { useMemo, useState } from 'react';
import { ListScreenView, listQuery, type ListScreenDef } from '../../app/list';
import { asSearchField, CampusMasterSelect } from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';
import { useT, type TFunction } from '../../i18n';
import { ApprovalDialog } from './ApprovalDialog';
import { ClueFrame, ClueLink, DateTimeCell } from './common';
import { formatDateTime } from './logic';

export const approvalStatusOptions = (t: TFunction) => [
  { value: '5', label: t('clue.approval.5') },
  { value: '20', label: t('clue.approval.20') },
  { value: '30', label: t('clue.approval.30') },
];

export function ApprovalStatus({ status }: { status: TApprovalRow['status'] }) {
  const t = useT();
  return (
    <Badge tone={status === 5 ? 'warning' : status === 20 ? 'success' : 'danger'}>
      {t(`clue.approval.${status}`)}
    </Badge>
  );
}

export function approvalColumns(
  t: TFunction,
): ListScreenDef<TApprovalRow>['columns'] extends (t: TFunction) => infer C ? C : never {
  return [
    {
      id: 'childName',
      header: t('clue.childName'),
      cell: (r) => <ClueLink clueId={r.clueId} childName={r.childName} />,
    },
    { id: 'phone', header: t('clue.phone') },
    { id: 'fromSchoolItemCode', header: t('clue.campus'), names: 'campus' },
    { id: 'reason', header: t('clue.reason') },
    { id: 'requestedByName', header: t('clue.requestedBy') },
    {
      id: 'requestedAt',
      header: t('clue.requestedAt'),
      exportValue: (r) => formatDateTime(r.requestedAt),
      cell: (r) => <DateTimeCell iso={r.requestedAt} />,
    },
    {
      id: 'status',
      header: t('clue.approvalStatus'),
      value: (r) => t(`clue.approval.${r.status}`),
      cell: (r) => <ApprovalStatus status={r.status} />,
    },
    { id: 'decidedByName', header: t('clue.decidedBy'), defaultHidden: true },
    { id: 'comment', header: t('clue.comment'), defaultHidden: true },
  ];
}

export default function InvalidClue() {
  const t = useT();
  const [deciding, setDeciding] = useState<TApprovalRow | null>(null);
  const def = useMemo<ListScreenDef<TApprovalRow>>(
    () => ({
      key: 'invalidRequests',
      what: (tt) => tt('clue.invalidRequest'),
      rowId: (r) => String(r.id),
      rowName: (r) => r.childName,
      filterDefaults: { status: '5' },
      searchFields: (tt) => [
        { kind: 'text', name: 'keyword', label: tt('clue.keyword') },
        {
          kind: 'custom',
          name: 'schoolItemCode',
          label: tt('clue.campus'),
          render: asSearchField(CampusMasterSelect),
        },
        {
          kind: 'select',
          name: 'status',
          label: tt('clue.approvalStatus'),
          options: approvalStatusOptions(tt),
        },
      ],
      columns: approvalColumns,
      list: (a) => sdk.clues.invalidList({ query: listQuery(a) }),
      rowActions: (tt) => [
        {
          key: 'decide',
          label: tt('clue.decide'),
          hidden: (r) => r.status !== 5,
          onClick: (r) => setDeciding(r),
        },
      ],
    }),
    [],
  );
  return (
    <ClueFrame description={t('clue.invalid.desc')}>
      <ListScreenView def={def} />
      <ApprovalDialog row={deciding} onClose={() => setDeciding(null)} />
    </ClueFrame>
  );
}
