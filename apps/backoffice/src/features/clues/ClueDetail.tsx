// /clues/clueDetail?id=: one clue — child and parent, state and the actions the server allows,
// the follow-up form (draft kept in localStorage until saved or the tab closes), the follow
// timeline, history, contacts, tags, approvals, assessments and call records.
import { contract } from '@bo/api-sdk';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  FormSelect,
  FormText,
  FormView,
  Spinner,
  SubmitButton,
  Tabs,
} from '@bo/ui-kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { Link, useSearchParams } from 'react-router';
import { followDraftKey } from '../../app/drafts';
import { bodyOf, useCommandForm } from '../../app/form';
import { CodeName, ListKitProvider } from '../../app/list';
import { usePageTitle } from '../../app/pageTitle';
import { useCanOpen } from '../../app/permissions';
import { errorText, sdk } from '../../app/sdk';
import { tCode, useLocale, useT } from '../../i18n';
import { PhoneNumber } from '../calls/PhoneNumber';
import { ActionDialog, type DialogKind } from './ClueActions';
import { FollowUpForm } from './FollowUpForm';
import { StateBadge, When } from './common';
import { clueOrderPath, detailActions, formatDateTime, type DetailAction } from './logic';
import { runCommand } from '../../app/invalidation';

const Contact = bodyOf(contract.clues.contactSave).pick({
  clueId: true,
  name: true,
  relation: true,
  phone: true,
});
// One tag (a clue-tag record) of the list the endpoint takes.
const NewTag = z.object({ tagId: bodyOf(contract.clues.tagsSave).shape.tagIds.element });
type TagRef = { id: number; name: string; color: string | null };

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-0.5 truncate text-sm text-ink">{children ?? '—'}</dd>
    </div>
  );
}

function Timeline({
  items,
}: {
  items: Array<{
    id: number;
    at: string;
    who: string | null;
    title: string;
    body?: string | null;
    extra?: React.ReactNode;
  }>;
}) {
  const t = useT();
  if (items.length === 0) return <EmptyState title={t('clue.nothingYet')} />;
  return (
    <ol className="relative space-y-4 border-l border-line pl-5">
      {items.map((i) => (
        <li key={i.id} className="relative">
          <span
            className="absolute top-1.5 -left-[25px] size-2.5 rounded-full bg-brand-500 ring-4 ring-surface"
            aria-hidden="true"
          />
          <div className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted">
            <span className="font-medium text-ink">{i.title}</span>
            <span>{i.who ?? ''}</span>
            <When iso={i.at} />
            {i.extra}
          </div>
          {i.body && <p className="mt-1 text-sm whitespace-pre-wrap text-ink-2">{i.body}</p>}
        </li>
      ))}
    </ol>
  );
}

function Contacts({
  clueId,
  contacts,
  editable,
}: {
  clueId: number;
  contacts: Array<{ id: number; name: string; relation: string; phone: string; note: string }>;
  editable: boolean;
}) {
  const t = useT();
  const qc = useQueryClient();
  const add = useCommandForm({
    schema: Contact,
    defaultValues: { clueId, name: '', relation: '', phone: '' },
    onSubmit: (body) => sdk.clues.contactSave({ body }),
    onDone: (_r, _v, form) => form.reset(),
  });
  const remove = useMutation({
    mutationFn: (id: number) => runCommand(qc, () => sdk.clues.contactDelete({ query: { id } })),
  });
  return (
    <div className="space-y-3">
      {contacts.length === 0 ? (
        <EmptyState title={t('clue.noContacts')} />
      ) : (
        <ul className="divide-y divide-line">
          {contacts.map((c) => (
            <li key={c.id} className="flex items-center justify-between py-2">
              <span>
                {c.name} <span className="text-muted">{c.relation}</span> · {c.phone}
              </span>
              {editable && (
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(c.id)}
                >
                  {t('list.delete')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && (
        <FormView
          form={add}
          aria-label={t('clue.addContact')}
          className="grid grid-cols-1 items-end gap-2 space-y-0 sm:grid-cols-4 [&>[role=alert]]:sm:col-span-4"
        >
          <FormText form={add} name="name" label={t('clue.contactName')} />
          <FormText form={add} name="relation" label={t('clue.relation')} />
          <FormText form={add} name="phone" label={t('clue.contactPhone')} type="tel" />
          <SubmitButton form={add} variant="secondary">
            {t('clue.addContact')}
          </SubmitButton>
        </FormView>
      )}
    </div>
  );
}

function Tags({ clueId, tags, editable }: { clueId: number; tags: TagRef[]; editable: boolean }) {
  const t = useT();
  const qc = useQueryClient();
  // The enabled clue tags of the settings (标签, type 1) are what can be added.
  const choices = useQuery({
    queryKey: ['tags', 'forTag', 1],
    queryFn: () => sdk.dictionaries.tagListForTag({ query: { tagType: 1 } }),
    enabled: editable,
  });
  const ids = tags.map((x) => x.id);
  const save = useMutation({
    mutationFn: (next: number[]) =>
      runCommand(qc, () => sdk.clues.tagsSave({ body: { clueId, tagIds: next } })),
  });
  const add = useCommandForm({
    schema: NewTag,
    defaultValues: {},
    onSubmit: async ({ tagId }) => {
      if (!ids.includes(tagId)) await sdk.clues.tagsSave({ body: { clueId, tagIds: [...ids, tagId] } });
    },
    onDone: (_r, _v, form) => form.reset(),
  });
  const options = (choices.data ?? [])
    .filter((x) => !ids.includes(x.id))
    .map((x) => ({ value: x.id, label: x.name }));
  return (
    <div className="flex flex-wrap items-center gap-1.5" aria-label={t('clue.tags')}>
      {tags.map((tag) => (
        <Badge key={tag.id} tone="brand">
          {tag.color && (
            <span
              aria-hidden
              className="mr-1 inline-block h-2 w-2 rounded-full"
              style={{ backgroundColor: tag.color }}
            />
          )}
          {tag.name}
          {editable && (
            <button
              type="button"
              className="ml-1"
              aria-label={t('clue.removeTag', { tag: tag.name })}
              disabled={save.isPending}
              onClick={() => save.mutate(ids.filter((x) => x !== tag.id))}
            >
              ×
            </button>
          )}
        </Badge>
      ))}
      {editable && (
        <FormView form={add} className="flex items-start gap-1 space-y-0">
          <FormSelect
            form={add}
            name="tagId"
            label={t('clue.newTag')}
            placeholder={t('master.choose')}
            options={options}
          />
          <SubmitButton form={add} size="sm" variant="secondary" className="mt-5">
            {t('clue.addTag')}
          </SubmitButton>
        </FormView>
      )}
    </div>
  );
}

function Calls({ clueId }: { clueId: number }) {
  const t = useT();
  const q = useQuery({
    queryKey: ['clue', 'calls', clueId],
    queryFn: () => sdk.calls.list({ query: { clueId, pageIdx: 1, pageSize: 50 } }),
  });
  if (q.isLoading) return <Spinner />;
  if (q.error)
    return (
      <p role="alert" className="text-danger-600">
        {errorText(q.error)}
      </p>
    );
  const rows = q.data?.list ?? [];
  if (rows.length === 0) return <EmptyState title={t('clue.noCalls')} />;
  return (
    <table className="w-full text-sm" aria-label={t('clue.calls')}>
      <thead className="text-left text-xs text-muted">
        <tr>
          <th className="py-1">{t('clue.callAt')}</th>
          <th>{t('clue.callUser')}</th>
          <th>{t('clue.callDirection')}</th>
          <th>{t('clue.callResult')}</th>
          <th className="text-right">{t('clue.callDuration')}</th>
          <th className="text-right">{t('clue.quality')}</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {rows.map((c) => (
          <tr key={c.id}>
            <td className="py-1.5">{formatDateTime(c.startAt)}</td>
            <td>{c.userName}</td>
            <td>{t(`call.direction.${c.direction}`)}</td>
            <td>{t(`call.result.${c.result}`)}</td>
            <td className="text-right tabular-nums">{c.durationSeconds}s</td>
            <td className="text-right tabular-nums">{c.qualityTotal ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Assessments({ clueId }: { clueId: number }) {
  const t = useT();
  const q = useQuery({
    queryKey: ['clue', 'assessment', clueId],
    queryFn: () => sdk.clues.entranceAssessment({ query: { clueId } }),
  });
  const rows = q.data?.results ?? [];
  if (q.isLoading) return <Spinner />;
  if (rows.length === 0) return <EmptyState title={t('clue.noAssessments')} />;
  return (
    <Timeline
      items={rows.map((r) => ({
        id: r.id,
        at: r.createdAt,
        who: r.assessorName,
        title: `${r.matriculationType}${r.score === null ? '' : ` · ${r.score}`}`,
        body: [r.conclusion, r.suggestion].filter(Boolean).join('\n'),
      }))}
    />
  );
}

export default function ClueDetail() {
  const t = useT();
  const [locale] = useLocale();
  const [params] = useSearchParams();
  const raw = params.get('id') ?? params.get('clueId') ?? '';
  const clueId = Number(raw);
  const valid = Number.isInteger(clueId) && clueId > 0;
  const q = useQuery({
    queryKey: ['clue', 'detail', clueId],
    queryFn: () => sdk.clues.detail({ query: { clueId } }),
    enabled: valid,
  });
  const steps = useQuery({
    queryKey: ['clue', 'steps', clueId],
    queryFn: () => sdk.clues.getCompletedProject({ query: { clueId } }),
    enabled: valid,
  });
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const [tab, setTab] = useState('follows');
  // A clue pays before it is a student (the order screen creates both); a converted one renews.
  const canOrder = useCanOpen('/students/order');
  const c = q.data;
  usePageTitle(c ? `${c.childName}${locale === 'en' ? ' clue details' : '线索详情'}` : undefined);

  if (!valid) return <EmptyState title={t('clue.noClue')} />;
  if (q.isLoading)
    return (
      <div className="p-8">
        <Spinner />
      </div>
    );
  if (q.error || !c)
    return (
      <p role="alert" className="m-4 rounded-md bg-danger-50 p-3 text-danger-700">
        {q.error ? errorText(q.error) : t('clue.noClue')}
      </p>
    );

  const actions = detailActions(c.actions);
  const can = (a: DetailAction) => actions.includes(a);
  const editable = can('follow');
  const buttons = actions.filter((a) => a !== 'follow');

  return (
    <ListKitProvider>
      <div className="space-y-4">
        <Card>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h1 className="flex items-center gap-2 text-xl font-semibold text-ink">
                {c.childName}
                <StateBadge state={c.flowState} />
                {c.intentionLevel && <Badge tone="orange">{t(`clue.level.${c.intentionLevel}`)}</Badge>}
              </h1>
              <p className="mt-1 text-xs text-muted">
                {c.cluecode} · {c.schoolItemName ?? c.schoolItemCode ?? t('clue.brandCentre')} ·{' '}
                {t('clue.owner')}: {c.ownerName ?? '—'}
                {c.studentCode && (
                  <>
                    {' '}
                    · {t('clue.studentCode')}: {c.studentCode}
                  </>
                )}
              </p>
            </div>
            <div className="flex flex-wrap gap-2" role="toolbar" aria-label={t('clue.actions')}>
              {buttons.map((a) => (
                <Button
                  key={a}
                  variant={
                    a === 'invalid' || a === 'abandon' || a === 'highSeaReject'
                      ? 'danger'
                      : a === 'convert'
                        ? 'primary'
                        : 'secondary'
                  }
                  onClick={() => setDialog(a)}
                >
                  {t(`clue.action.${a}`)}
                </Button>
              ))}
              {canOrder && c.schoolItemCode && (
                <Link
                  to={clueOrderPath({ clueId, studentCode: c.studentCode })}
                  className="inline-flex items-center rounded-md border border-line-strong px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-hover"
                >
                  {t('clue.addOrder')}
                </Link>
              )}
            </div>
          </div>
          {steps.data && (
            <ol className="mt-4 flex flex-wrap gap-2" aria-label={t('clue.progress')}>
              {steps.data.map((s) => (
                <li
                  key={s.key}
                  className={`rounded-full px-2.5 py-0.5 text-xs ${s.done ? 'bg-success-50 text-success-700' : 'bg-canvas text-subtle'}`}
                  title={formatDateTime(s.at)}
                >
                  {s.done ? '✓ ' : ''}
                  {t(`clue.step.${s.key}`)}
                </li>
              ))}
            </ol>
          )}
          {c.flowState.endsWith('_pending') && (
            <p className="mt-3 rounded-md bg-warning-50 px-3 py-2 text-sm text-warning-700">
              {t('clue.pendingNotice')}
            </p>
          )}
        </Card>

        <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
          <div className="space-y-4 lg:col-span-2">
            {editable && (
              <Card title={t('clue.followUp')}>
                <FollowUpForm
                  draftKey={followDraftKey('clueDetail', raw)}
                  levelLabel={t('clue.intention')}
                  onSave={(v) =>
                    sdk.clues.followSave({ body: { ...v, clueId: c.clueId, version: c.version } })
                  }
                />
              </Card>
            )}
            <Card>
              <Tabs
                value={tab}
                onChange={setTab}
                items={[
                  {
                    key: 'follows',
                    label: t('clue.follows', { n: c.follows.length }),
                    content: (
                      <div className="pt-3">
                        <Timeline
                          items={c.follows.map((f) => ({
                            id: f.id,
                            at: f.createdAt,
                            who: f.userName,
                            title: t('clue.followRecord'),
                            body: f.content,
                            extra: (
                              <>
                                {f.intentionLevel && <Badge tone="orange">{f.intentionLevel}</Badge>}
                                {f.nextVisitAt && (
                                  <span>
                                    {t('clue.nextVisit')}: {formatDateTime(f.nextVisitAt)}
                                  </span>
                                )}
                              </>
                            ),
                          }))}
                        />
                      </div>
                    ),
                  },
                  {
                    key: 'history',
                    label: t('clue.history'),
                    content: (
                      <div className="pt-3">
                        <Timeline
                          items={c.events.map((e) => ({
                            id: e.id,
                            at: e.at,
                            who: e.userName,
                            title: tCode(t, `clue.event.${e.action}`, e.action),
                            body:
                              e.toState && e.fromState !== e.toState
                                ? `${e.fromState ? tCode(t, `clue.state.${e.fromState}`) : ''} → ${tCode(t, `clue.state.${e.toState}`)}`
                                : null,
                          }))}
                        />
                      </div>
                    ),
                  },
                  {
                    key: 'approvals',
                    label: t('clue.approvals'),
                    content: (
                      <div className="pt-3">
                        <Timeline
                          items={c.approvals.map((a) => ({
                            id: a.id,
                            at: a.requestedAt,
                            who: a.requestedByName,
                            title: `${t(`clue.kind.${a.kind}`)} · ${t(`clue.approval.${a.status}`)}`,
                            body: [a.reason, a.comment].filter(Boolean).join('\n'),
                          }))}
                        />
                      </div>
                    ),
                  },
                  {
                    key: 'assessments',
                    label: t('clue.assessments'),
                    content: (
                      <div className="pt-3">
                        <Assessments clueId={c.clueId} />
                      </div>
                    ),
                  },
                  {
                    key: 'calls',
                    label: t('clue.calls'),
                    content: (
                      <div className="pt-3">
                        <Calls clueId={c.clueId} />
                      </div>
                    ),
                  },
                ]}
              />
            </Card>
          </div>
          <div className="space-y-4">
            <Card title={t('clue.childInfo')}>
              <dl className="grid grid-cols-2 gap-3">
                <Field label={t('clue.childName')}>{c.childName}</Field>
                <Field label={t('clue.gender')}>{tCode(t, `clue.gender.${c.gender}`, '—')}</Field>
                <Field label={t('clue.birthDate')}>{c.birthDate}</Field>
                <Field label={t('clue.age')}>
                  {c.ageMonths === null
                    ? null
                    : t('clue.ageValue', { y: Math.floor(c.ageMonths / 12), m: c.ageMonths % 12 })}
                </Field>
              </dl>
            </Card>
            <Card title={t('clue.parentInfo')}>
              <dl className="grid grid-cols-2 gap-3">
                <Field label={t('clue.parentName')}>{c.parentName}</Field>
                <Field label={t('clue.relation')}>{c.relation || null}</Field>
                <Field label={t('clue.phone')}>
                  <PhoneNumber phone={c.phone} name={c.parentName || c.childName} clueId={c.clueId} />
                </Field>
                <Field label={t('clue.channel')}>
                  <CodeName source="channel" code={c.channel} />
                </Field>
                <Field label={t('clue.recommender')}>{c.recommender}</Field>
                <Field label={t('clue.visitAt')}>{c.visitAt ? formatDateTime(c.visitAt) : null}</Field>
                <Field label={t('clue.createdAt')}>{formatDateTime(c.createdAt)}</Field>
                <Field label={t('clue.insurance')}>{c.insurance ? t('clue.yes') : t('clue.no')}</Field>
              </dl>
              {c.note && <p className="mt-3 text-sm whitespace-pre-wrap text-ink-2">{c.note}</p>}
            </Card>
            <Card title={t('clue.tags')}>
              <Tags clueId={c.clueId} tags={c.tags} editable={editable} />
            </Card>
            <Card title={t('clue.contacts')}>
              <Contacts clueId={c.clueId} contacts={c.contacts} editable={editable} />
            </Card>
          </div>
        </div>
      </div>
      <ActionDialog kind={dialog} clue={c} onClose={() => setDialog(null)} />
    </ListKitProvider>
  );
}
