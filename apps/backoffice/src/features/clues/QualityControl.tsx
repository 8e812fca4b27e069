// /clues/qualityControl: call records (/call/list) with quality scoring (/call/qualitySave): the
// items are scored 0–100, the total is their rounded mean; a re-scoring carries the current version.
import { Badge, Button, Dialog, TextArea, TextField } from '@bo/ui-kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { ListScreenView, listQuery, type ListScreenDef } from '../../app/list';
import { errorText, sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { ClueFrame, ClueLink } from './common';
import { formatDateTime, qualityTotal } from './logic';
import type { TCallRow } from './types';
import { runCommand } from '../../app/invalidation';

export const QUALITY_ITEMS = ['greeting', 'discovery', 'knowledge', 'compliance'] as const;

function ScoreDialog({ call, onClose }: { call: TCallRow | null; onClose: () => void }) {
  const t = useT();
  const qc = useQueryClient();
  const detail = useQuery({
    queryKey: ['call', 'detail', call?.id ?? 0],
    queryFn: () => sdk.calls.getById({ query: { id: call?.id ?? 0 } }),
    enabled: call !== null,
  });
  const [scores, setScores] = useState<Record<string, string>>({});
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = detail.data?.quality.find((q) => q.current) ?? null;
  useEffect(() => {
    const s: Record<string, string> = {};
    for (const k of QUALITY_ITEMS) s[k] = String(current?.items.find((i) => i.code === k)?.score ?? '');
    setScores(s);
    setComment(current?.comment ?? '');
    setError(null);
  }, [current, call]);
  const values = QUALITY_ITEMS.map((k) => Number(scores[k]));
  const complete = QUALITY_ITEMS.every((k) => scores[k] !== '' && scores[k] !== undefined);
  const total = complete ? qualityTotal(values) : null;
  const save = async () => {
    if (!call) return;
    setBusy(true);
    setError(null);
    try {
      await runCommand(qc, () =>
        sdk.calls.qualitySave({
          body: {
            callId: call.id,
            items: QUALITY_ITEMS.map((k) => ({ code: k, name: t(`qc.item.${k}`), score: Number(scores[k]) })),
            comment,
            version: current?.version,
          },
        }),
      );
      onClose();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={call !== null}
      onClose={onClose}
      title={t('qc.score')}
      closeLabel={t('list.close')}
      footer={
        <>
          <Button onClick={onClose}>{t('list.cancel')}</Button>
          <Button variant="primary" loading={busy} disabled={!complete} onClick={() => void save()}>
            {t('list.save')}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        {detail.data?.content && (
          <p className="max-h-40 overflow-auto rounded-md bg-canvas p-2 text-xs whitespace-pre-wrap">
            {detail.data.content}
          </p>
        )}
        <div className="grid grid-cols-2 gap-3">
          {QUALITY_ITEMS.map((k) => (
            <TextField
              key={k}
              label={t(`qc.item.${k}`)}
              type="number"
              min={0}
              max={100}
              step={1}
              value={scores[k] ?? ''}
              onChange={(e) => setScores({ ...scores, [k]: e.target.value })}
            />
          ))}
        </div>
        <p className="text-sm">
          {t('qc.total')}: <strong className="tabular-nums">{total ?? '—'}</strong>
        </p>
        <TextArea
          label={t('clue.comment')}
          value={comment}
          maxLength={1000}
          onChange={(e) => setComment(e.target.value)}
        />
        {error && (
          <p role="alert" className="text-sm text-danger-600">
            {error}
          </p>
        )}
      </div>
    </Dialog>
  );
}

export default function QualityControl() {
  const t = useT();
  const [scoring, setScoring] = useState<TCallRow | null>(null);
  const def = useMemo<ListScreenDef<TCallRow>>(
    () => ({
      key: 'calls',
      what: (tt) => tt('clue.calls'),
      rowId: (r) => String(r.id),
      rowName: (r) => r.phone,
      searchFields: (tt) => [
        { kind: 'text', name: 'phone', label: tt('clue.phone') },
        {
          kind: 'select',
          name: 'qualityState',
          label: tt('qc.state'),
          options: (['unscored', 'scored'] as const).map((s) => ({ value: s, label: tt(`qc.state.${s}`) })),
        },
        {
          kind: 'select',
          name: 'result',
          label: tt('clue.callResult'),
          options: (['answered', 'no_answer', 'busy', 'failed'] as const).map((s) => ({
            value: s,
            label: tt(`call.result.${s}`),
          })),
        },
        {
          kind: 'dateRange',
          name: 'start',
          label: tt('clue.callAt'),
          startName: 'startTime',
          endName: 'endTime',
        },
      ],
      columns: (tt) => [
        { id: 'startAt', header: tt('clue.callAt'), value: (r) => formatDateTime(r.startAt) },
        { id: 'userName', header: tt('clue.callUser') },
        {
          id: 'customerName',
          header: tt('qc.customer'),
          cell: (r) =>
            r.clueId ? (
              <ClueLink clueId={r.clueId} childName={r.customerName ?? r.cluecode ?? String(r.clueId)} />
            ) : (
              (r.customerName ?? '—')
            ),
        },
        { id: 'phone', header: tt('clue.phone') },
        {
          id: 'direction',
          header: tt('clue.callDirection'),
          value: (r) => tt(`call.direction.${r.direction}`),
        },
        { id: 'result', header: tt('clue.callResult'), value: (r) => tt(`call.result.${r.result}`) },
        { id: 'durationSeconds', header: tt('clue.callDuration'), align: 'right' },
        {
          id: 'qualityTotal',
          header: tt('clue.quality'),
          align: 'right',
          cell: (r) =>
            r.qualityState === 'scored' ? (
              <Badge
                tone={
                  (r.qualityTotal ?? 0) >= 80 ? 'success' : (r.qualityTotal ?? 0) >= 60 ? 'warning' : 'danger'
                }
              >
                {r.qualityTotal}
              </Badge>
            ) : (
              <span className="text-subtle">{tt('qc.state.unscored')}</span>
            ),
        },
      ],
      list: (a) => sdk.calls.list({ query: listQuery(a) }),
      rowActions: (tt) => [
        {
          key: 'score',
          label: (r) => (r.qualityState === 'scored' ? tt('qc.rescore') : tt('qc.score')),
          onClick: (r) => setScoring(r),
        },
      ],
    }),
    [],
  );
  return (
    <ClueFrame description={t('qc.desc')}>
      <ListScreenView def={def} />
      <ScoreDialog call={scoring} onClose={() => setScoring(null)} />
    </ClueFrame>
  );
}
