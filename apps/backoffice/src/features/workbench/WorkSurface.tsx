// /workSurface/index: the workbench — my approvals (decided in place), today's follow-ups and
// visits, this month's numbers, and my todo list.
import { Badge, Button, Card, EmptyState, Spinner } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ListKitProvider, ListScreenView } from '../../app/list';
import { errorText, sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { ApprovalDialog } from '../clues/ApprovalDialog';
import { ClueLink, StateBadge, When } from '../clues/common';
import { todosDef } from '../clues/Todos';
import type { TApprovalRow, TWorkItem } from '../clues/types';
import { approvalKindOf } from './approvals';

function WorkList({
  type,
  empty,
  action,
}: {
  type: 1 | 2 | 3;
  empty: string;
  action?: (item: TWorkItem) => React.ReactNode;
}) {
  const t = useT();
  const q = useQuery({
    queryKey: ['work', 'list', type],
    queryFn: () => sdk.workbench.workList({ query: { type } }),
  });
  if (q.isLoading) return <Spinner />;
  if (q.error)
    return (
      <p role="alert" className="text-danger-600">
        {errorText(q.error)}
      </p>
    );
  const items = q.data?.items ?? [];
  if (items.length === 0) return <EmptyState title={empty} />;
  return (
    <ul className="divide-y divide-line">
      {items.map((i) => (
        <li
          key={`${i.clueId}-${i.approvalId ?? ''}`}
          className="flex items-center justify-between gap-3 py-2"
        >
          <div className="min-w-0">
            <div className="flex items-center gap-2">
              <ClueLink clueId={i.clueId} childName={i.childName} />
              <StateBadge state={i.flowState} />
              {i.overdue && <Badge tone="danger">{t('task.overdue')}</Badge>}
            </div>
            <div className="mt-0.5 text-xs text-muted">
              {i.parentName} · {i.phone} · <When iso={i.at} />
            </div>
          </div>
          {action?.(i)}
        </li>
      ))}
    </ul>
  );
}

function Targets() {
  const t = useT();
  const q = useQuery({
    queryKey: ['work', 'list', 4],
    queryFn: () => sdk.workbench.workList({ query: { type: 4 } }),
  });
  if (q.isLoading) return <Spinner />;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {(q.data?.targets ?? []).map((r) => (
        <div
          key={r.key}
          role="group"
          aria-label={t(`wb.target.${r.key}`)}
          className="rounded-lg border border-line p-3"
        >
          <dt className="text-xs text-muted">{t(`wb.target.${r.key}`)}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums">
            {r.actual}
            {r.target !== null && <span className="text-sm font-normal text-subtle"> / {r.target}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export default function WorkSurface() {
  const t = useT();
  const [deciding, setDeciding] = useState<TApprovalRow | null>(null);
  const [opening, setOpening] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const open = async (item: TWorkItem) => {
    const kind = approvalKindOf(item.flowState);
    if (!kind || item.approvalId === null) return;
    setOpening(item.approvalId);
    setError(null);
    try {
      const id = item.approvalId;
      const d =
        kind === 'transfer'
          ? await sdk.workbench.selectApproveClueDetail({ query: { transferId: id } })
          : kind === 'abandon'
            ? await sdk.clues.abandonDetail({ query: { id } })
            : await sdk.clues.centerWorkerDetail({ params: { id } });
      setDeciding(d);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setOpening(null);
    }
  };
  return (
    <ListKitProvider>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <Card title={t('wb.approvals')}>
          {error && (
            <p role="alert" className="mb-2 text-danger-600">
              {error}
            </p>
          )}
          <WorkList
            type={3}
            empty={t('wb.noApprovals')}
            action={(i) => (
              <Button
                size="sm"
                variant="primary"
                loading={opening === i.approvalId}
                onClick={() => void open(i)}
                aria-label={t('wb.decideFor', {
                  name: i.childName,
                  what: t(`clue.kind.${approvalKindOf(i.flowState) ?? 'transfer'}`),
                })}
              >
                {t('clue.decide')}
              </Button>
            )}
          />
        </Card>
        <Card title={t('wb.targets')}>
          <Targets />
        </Card>
        <Card title={t('wb.follows')}>
          <WorkList type={1} empty={t('wb.noFollows')} />
        </Card>
        <Card title={t('wb.visits')}>
          <WorkList type={2} empty={t('wb.noVisits')} />
        </Card>
        <div className="xl:col-span-2">
          <Card title={t('wb.todos')}>
            <ListScreenView def={todosDef} paramPrefix="todo" />
          </Card>
        </div>
      </div>
      <ApprovalDialog row={deciding} onClose={() => setDeciding(null)} />
    </ListKitProvider>
  );
}
