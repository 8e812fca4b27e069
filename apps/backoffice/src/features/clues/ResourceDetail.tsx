// /clues/resourceDetail?id=: one e-sales resource — follow-up (draft kept until saved or the tab
// closes), send to a campus as a clue, transfer, invalid, abandon, receive; its history.
import {
  Button,
  Card,
  Checkbox,
  Dialog,
  EmptyState,
  SearchSelect,
  Select,
  Spinner,
  TextArea,
  TextField,
} from '@bo/ui-kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { followDraftKey } from '../../app/drafts';
import { ListKitProvider } from '../../app/list';
import { CampusMasterSelect } from '../../app/masterSelectors';
import { usePageTitle } from '../../app/pageTitle';
import { errorText, sdk } from '../../app/sdk';
import { useLocale, useT } from '../../i18n';
import { ResStatus } from './ClueResources';
import { ConsultantSelect, When } from './common';
import { formatDateTime, localInputToIso, readDraft, writeDraft, type FollowDraft } from './logic';
import type { TResourceDetail } from './types';

type ResAction = 'send' | 'transfer' | 'invalid' | 'abandon';
const LEVELS = ['A', 'B', 'C', 'D'] as const;

function ResFollow({ res, draftKey }: { res: TResourceDetail; draftKey: string }) {
  const t = useT();
  const qc = useQueryClient();
  const [draft, setDraft] = useState<FollowDraft>(() => readDraft(localStorage, draftKey));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setDraft(readDraft(localStorage, draftKey)), [draftKey]);
  const update = (patch: Partial<FollowDraft>) =>
    setDraft((d) => {
      const next = { ...d, ...patch };
      writeDraft(localStorage, draftKey, next);
      return next;
    });
  const save = useMutation({
    mutationFn: () =>
      sdk.resources.saveFlow({
        body: {
          id: res.id,
          content: draft.content,
          level: draft.intentionLevel === '' ? null : (draft.intentionLevel as (typeof LEVELS)[number]),
          nextFollowAt: localInputToIso(draft.nextVisitAt),
          version: res.version,
        },
      }),
    onSuccess: async () => {
      localStorage.removeItem(draftKey);
      setDraft({ content: '', nextVisitAt: '', intentionLevel: '' });
      setError(null);
      await qc.invalidateQueries();
    },
    onError: (e) => setError(errorText(e)),
  });
  return (
    <form
      aria-label={t('clue.followForm')}
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (!draft.content.trim()) setError(t('clue.followRequired'));
        else save.mutate();
      }}
    >
      <TextArea
        label={t('clue.followContent')}
        required
        value={draft.content}
        maxLength={2000}
        showCount
        onChange={(e) => update({ content: e.target.value })}
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField
          label={t('clue.nextVisit')}
          type="datetime-local"
          value={draft.nextVisitAt}
          onChange={(e) => update({ nextVisitAt: e.target.value })}
        />
        <Select
          label={t('res.level')}
          value={draft.intentionLevel}
          onChange={(v) => update({ intentionLevel: v })}
          placeholder={t('master.choose')}
          options={LEVELS.map((l) => ({ value: l, label: t(`clue.level.${l}`) }))}
        />
      </div>
      {error && (
        <p role="alert" className="text-sm text-danger-600">
          {error}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" variant="primary" loading={save.isPending}>
          {t('clue.saveFollow')}
        </Button>
      </div>
    </form>
  );
}

function ResActionDialog({
  kind,
  res,
  onClose,
}: {
  kind: ResAction | null;
  res: TResourceDetail;
  onClose: () => void;
}) {
  const t = useT();
  const qc = useQueryClient();
  const [reason, setReason] = useState('');
  const [campus, setCampus] = useState('');
  const [owner, setOwner] = useState<number | ''>('');
  const [route, setRoute] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (kind) {
      setReason('');
      setCampus(res.schoolItemCode ?? '');
      setOwner('');
      setRoute(false);
      setError(null);
    }
  }, [kind, res.schoolItemCode]);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      if (kind === 'send')
        await sdk.resources.send({
          query: {
            id: res.id,
            schoolItemCode: campus || undefined,
            ownerUserId: owner === '' ? undefined : owner,
            route,
            version: res.version,
          },
        });
      else if (kind === 'transfer') {
        if (owner === '') throw new Error(t('clue.chooseConsultant'));
        await sdk.resources.transfer({ body: { id: res.id, toUserId: owner, reason, version: res.version } });
      } else if (kind === 'invalid')
        await sdk.resources.invalid({ body: { id: res.id, reason, version: res.version } });
      else if (kind === 'abandon')
        await sdk.resources.abandonSave({ body: { id: res.id, reason, version: res.version } });
      await qc.invalidateQueries();
      onClose();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={kind !== null}
      onClose={onClose}
      title={kind ? t(`res.action.${kind}`) : ''}
      closeLabel={t('list.close')}
      footer={
        <>
          <Button onClick={onClose}>{t('list.cancel')}</Button>
          <Button
            variant={kind === 'invalid' || kind === 'abandon' ? 'danger' : 'primary'}
            loading={busy}
            onClick={() => void run()}
          >
            {t('clue.submit')}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        {kind === 'send' && (
          <>
            <CampusMasterSelect
              label={t('clue.campus')}
              required
              value={campus}
              onChange={(v) => {
                setCampus(String(v));
                setOwner('');
              }}
            />
            {campus && (
              <ConsultantSelect
                label={t('clue.consultantOptional')}
                schoolItemCode={campus}
                value={owner}
                onChange={setOwner}
              />
            )}
            <Checkbox label={t('res.route')} checked={route} onChange={(e) => setRoute(e.target.checked)} />
          </>
        )}
        {kind === 'transfer' && <SpecialistSelect value={owner} onChange={setOwner} />}
        {kind !== 'send' && (
          <TextArea
            label={t('clue.reason')}
            required
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
          />
        )}
        {error && (
          <p role="alert" className="text-sm text-danger-600">
            {error}
          </p>
        )}
      </div>
    </Dialog>
  );
}

function SpecialistSelect({ value, onChange }: { value: number | ''; onChange: (v: number | '') => void }) {
  const t = useT();
  const q = useQuery({
    queryKey: ['res', 'specialists'],
    queryFn: () => sdk.resources.getUserListByRoles({ body: { roleCodes: [5, 34] } }),
  });
  return (
    <SearchSelect<number>
      label={t('res.owner')}
      value={value}
      onChange={onChange}
      placeholder={t('master.choose')}
      loading={q.isLoading}
      options={(q.data ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.username})` }))}
    />
  );
}

export default function ResourceDetail() {
  const t = useT();
  const [locale] = useLocale();
  const [params] = useSearchParams();
  const raw = params.get('id') ?? params.get('resourceId') ?? '';
  const id = Number(raw);
  const valid = Number.isInteger(id) && id > 0;
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['res', 'detail', id],
    queryFn: () => sdk.resources.queryResourceDetail({ query: { id } }),
    enabled: valid,
  });
  const [dialog, setDialog] = useState<ResAction | null>(null);
  const receive = useMutation({
    mutationFn: (r: TResourceDetail) => sdk.resources.receive({ body: { id: r.id, version: r.version } }),
    onSuccess: () => qc.invalidateQueries(),
  });
  const r = q.data;
  usePageTitle(
    r ? `${r.childName || r.name}${locale === 'en' ? ' resource details' : '资源详情'}` : undefined,
  );
  if (!valid) return <EmptyState title={t('res.none')} />;
  if (q.isLoading)
    return (
      <div className="p-8">
        <Spinner />
      </div>
    );
  if (q.error || !r)
    return (
      <p role="alert" className="m-4 rounded-md bg-danger-50 p-3 text-danger-700">
        {q.error ? errorText(q.error) : t('res.none')}
      </p>
    );
  const can = (a: string) => r.actions.includes(a);
  return (
    <ListKitProvider>
      <div className="space-y-4">
        <Card>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h1 className="flex items-center gap-2 text-xl font-semibold">
                {r.name} <ResStatus status={r.status} />
              </h1>
              <p className="mt-1 text-xs text-muted">
                {r.rescode} · {r.phone} · {r.schoolItemName ?? r.schoolItemCode ?? '—'} · {t('res.owner')}:{' '}
                {r.ownerName ?? '—'}
                {r.clueId && (
                  <>
                    {' '}
                    ·{' '}
                    <Link className="text-brand-600 hover:underline" to={`/clues/clueDetail?id=${r.clueId}`}>
                      {r.cluecode}
                    </Link>
                  </>
                )}
              </p>
            </div>
            <div className="flex flex-wrap gap-2" role="toolbar" aria-label={t('clue.actions')}>
              {can('receive') && (
                <Button loading={receive.isPending} onClick={() => receive.mutate(r)}>
                  {t('res.receive')}
                </Button>
              )}
              {can('send') && (
                <Button variant="primary" onClick={() => setDialog('send')}>
                  {t('res.action.send')}
                </Button>
              )}
              {can('transfer') && (
                <Button onClick={() => setDialog('transfer')}>{t('res.action.transfer')}</Button>
              )}
              {can('abandon') && (
                <Button variant="danger" onClick={() => setDialog('abandon')}>
                  {t('res.action.abandon')}
                </Button>
              )}
              {can('invalid') && (
                <Button variant="danger" onClick={() => setDialog('invalid')}>
                  {t('res.action.invalid')}
                </Button>
              )}
            </div>
          </div>
          <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
            <div>
              <dt className="text-xs text-muted">{t('clue.childName')}</dt>
              <dd>{r.childName || '—'}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted">{t('res.level')}</dt>
              <dd>{r.level ?? '—'}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted">{t('clue.channel')}</dt>
              <dd>{r.channel ?? '—'}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted">{t('clue.createdAt')}</dt>
              <dd>{formatDateTime(r.createdAt)}</dd>
            </div>
          </dl>
        </Card>
        {can('follow') && (
          <Card title={t('clue.followUp')}>
            <ResFollow res={r} draftKey={followDraftKey('resourceDetail', raw)} />
          </Card>
        )}
        <Card title={t('clue.history')}>
          {r.flows.length === 0 ? (
            <EmptyState title={t('clue.nothingYet')} />
          ) : (
            <ol className="space-y-3 border-l border-line pl-5">
              {r.flows.map((f) => (
                <li key={f.id}>
                  <div className="flex flex-wrap gap-x-2 text-xs text-muted">
                    <span className="font-medium text-ink">
                      {t(`res.flow.${f.action}`) === `res.flow.${f.action}`
                        ? f.action
                        : t(`res.flow.${f.action}`)}
                    </span>
                    <span>{f.userName}</span>
                    <When iso={f.createdAt} />
                    {f.level && <span>{f.level}</span>}
                  </div>
                  {f.content && <p className="mt-1 text-sm whitespace-pre-wrap">{f.content}</p>}
                </li>
              ))}
            </ol>
          )}
        </Card>
      </div>
      <ResActionDialog kind={dialog} res={r} onClose={() => setDialog(null)} />
    </ListKitProvider>
  );
}
