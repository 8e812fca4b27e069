// /clues/resourceDetail?id=: one e-sales resource — follow-up (draft kept until saved or the tab
// closes), send to a campus as a clue, transfer, invalid, abandon, receive; its history.
import { contract } from '@bo/api-sdk';
import { ROLE } from '@bo/domain';
import { Button, Card, EmptyState, FormCheckbox, FormDialog, FormTextArea, Spinner } from '@bo/ui-kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PhoneNumber } from '../calls/PhoneNumber';
import { followDraftKey } from '../../app/drafts';
import { bodyOf, queryOf, useCommandForm } from '../../app/form';
import { CodeName, ListKitProvider } from '../../app/list';
import { FormCampusSelect, FormStaffUserSelect } from '../../app/masterSelectors';
import { usePageTitle } from '../../app/pageTitle';
import { errorText, sdk } from '../../app/sdk';
import { tCode, useLocale, useT } from '../../i18n';
import { ResStatus } from './ClueResources';
import { When } from './common';
import { FollowUpForm } from './FollowUpForm';
import { formatDateTime } from './logic';
import type { TResourceDetail } from './types';
import { runCommand } from '../../app/invalidation';

type ResAction = 'send' | 'transfer' | 'invalid' | 'abandon';

const Send = queryOf(contract.resources.send);
const Transfer = bodyOf(contract.resources.transfer);
/** A resource goes to an e-sales specialist. */
const ESALES = [ROLE.esales];
const Invalid = bodyOf(contract.resources.invalid);
const Abandon = bodyOf(contract.resources.abandonSave);

interface ResActionProps {
  res: TResourceDetail;
  onClose: () => void;
}

/** Send the resource to a campus as a clue, optionally to a consultant there. */
function SendDialog({ res, onClose }: ResActionProps) {
  const t = useT();
  const form = useCommandForm({
    schema: Send,
    defaultValues: {
      id: res.id,
      schoolItemCode: res.schoolItemCode ?? '',
      route: false,
      version: res.version,
    },
    onSubmit: (query) => sdk.resources.send({ query }),
    onDone: onClose,
  });
  const campus = form.rhf.watch('schoolItemCode');
  return (
    <FormDialog form={form} onClose={onClose} title={t('res.action.send')}>
      <FormCampusSelect
        form={form}
        name="schoolItemCode"
        label={t('clue.campus')}
        required
        onPicked={() => form.rhf.setValue('ownerUserId', undefined)}
      />
      {typeof campus === 'string' && campus !== '' && (
        <FormStaffUserSelect
          form={form}
          name="ownerUserId"
          label={t('clue.consultantOptional')}
          schoolItemCode={campus}
        />
      )}
      <FormCheckbox form={form} name="route" label={t('res.route')} />
    </FormDialog>
  );
}

function TransferDialog({ res, onClose }: ResActionProps) {
  const t = useT();
  const form = useCommandForm({
    schema: Transfer,
    defaultValues: { id: res.id, reason: '', version: res.version },
    onSubmit: (body) => sdk.resources.transfer({ body }),
    onDone: onClose,
  });
  return (
    <FormDialog form={form} onClose={onClose} title={t('res.action.transfer')}>
      <FormStaffUserSelect form={form} name="toUserId" label={t('res.owner')} roleCodes={ESALES} />
      <FormTextArea form={form} name="reason" label={t('clue.reason')} />
    </FormDialog>
  );
}

function ReasonDialog({ res, onClose, kind }: ResActionProps & { kind: 'invalid' | 'abandon' }) {
  const t = useT();
  const form = useCommandForm({
    schema: kind === 'invalid' ? Invalid : Abandon,
    defaultValues: { id: res.id, reason: '', version: res.version },
    onSubmit: (body) =>
      kind === 'invalid' ? sdk.resources.invalid({ body }) : sdk.resources.abandonSave({ body }),
    onDone: onClose,
  });
  return (
    <FormDialog form={form} onClose={onClose} title={t(`res.action.${kind}`)} danger>
      <FormTextArea form={form} name="reason" label={t('clue.reason')} />
    </FormDialog>
  );
}

/** The dialog of the chosen action, mounted when opened so every opening starts afresh. */
function ResActionDialog({ kind, ...props }: ResActionProps & { kind: ResAction | null }) {
  switch (kind) {
    case 'send':
      return <SendDialog {...props} />;
    case 'transfer':
      return <TransferDialog {...props} />;
    case 'invalid':
    case 'abandon':
      return <ReasonDialog {...props} kind={kind} />;
    case null:
      return null;
  }
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
    mutationFn: (r: TResourceDetail) =>
      runCommand(qc, () => sdk.resources.receive({ body: { id: r.id, version: r.version } })),
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
                {r.rescode} · <PhoneNumber phone={r.phone} name={r.name} resourceId={r.id} /> ·{' '}
                {r.schoolItemName ?? r.schoolItemCode ?? '—'} · {t('res.owner')}: {r.ownerName ?? '—'}
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
              <dd>{r.channel ? <CodeName source="channel" code={r.channel} /> : '—'}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted">{t('clue.createdAt')}</dt>
              <dd>{formatDateTime(r.createdAt)}</dd>
            </div>
          </dl>
        </Card>
        {can('follow') && (
          <Card title={t('clue.followUp')}>
            <FollowUpForm
              draftKey={followDraftKey('resourceDetail', raw)}
              levelLabel={t('res.level')}
              onSave={(v) =>
                sdk.resources.saveFlow({
                  body: {
                    id: r.id,
                    content: v.content,
                    level: v.intentionLevel,
                    nextFollowAt: v.nextVisitAt,
                    version: r.version,
                  },
                })
              }
            />
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
                    <span className="font-medium text-ink">{tCode(t, `res.flow.${f.action}`, f.action)}</span>
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
