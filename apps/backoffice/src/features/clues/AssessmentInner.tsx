// /clues/assessmentInner?clueId=(&type=): one clue's entrance assessments — record a result (the
// clue becomes assessed), send a result to the parent and see the links sent. The title follows the
// assessment state: '<child> 待评估' before the first result, '<child> 已评估' after.
import { contract } from '@bo/api-sdk';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  FormNumber,
  FormText,
  FormTextArea,
  FormView,
  Spinner,
  SubmitButton,
} from '@bo/ui-kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListKitProvider } from '../../app/list';
import { usePageTitle } from '../../app/pageTitle';
import { errorText, sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { ClueLink, StateBadge, When } from './common';
import { runCommand } from '../../app/invalidation';
import { bodyOf, useCommandForm } from '../../app/form';

export default function AssessmentInner() {
  const t = useT();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const clueId = Number(params.get('clueId') ?? params.get('id') ?? '');
  const preset = params.get('type') ?? '';
  const valid = Number.isInteger(clueId) && clueId > 0;
  const clue = useQuery({
    queryKey: ['clue', 'detail', clueId],
    queryFn: () => sdk.clues.detail({ query: { clueId } }),
    enabled: valid,
  });
  const data = useQuery({
    queryKey: ['clue', 'assessment', clueId],
    queryFn: () => sdk.clues.entranceAssessment({ query: { clueId } }),
    enabled: valid,
  });
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const c = clue.data;
  const assessed = (data.data?.results.length ?? 0) > 0;
  usePageTitle(c ? `${c.childName} ${assessed ? t('assess.done') : t('assess.waiting')}` : undefined);
  const send = useMutation({
    mutationFn: (id: number) => runCommand(qc, () => sdk.clues.matriculationSend({ params: { id } })),
    onSuccess: (r) => {
      setLink(r.link);
      setError(null);
    },
    onError: (e) => setError(errorText(e)),
  });
  if (!valid) return <EmptyState title={t('clue.noClue')} />;
  if (clue.isLoading || data.isLoading)
    return (
      <div className="p-8">
        <Spinner />
      </div>
    );
  if (clue.error || !c)
    return (
      <p role="alert" className="m-4 rounded-md bg-danger-50 p-3 text-danger-700">
        {clue.error ? errorText(clue.error) : t('clue.noClue')}
      </p>
    );
  const canAssess = c.actions.includes('assess');
  return (
    <ListKitProvider>
      <div className="space-y-4">
        <Card>
          <h1 className="flex items-center gap-2 text-xl font-semibold">
            <ClueLink clueId={c.clueId} childName={c.childName} /> <StateBadge state={c.flowState} />
            <Badge tone={assessed ? 'success' : 'warning'}>
              {assessed ? t('assess.done') : t('assess.waiting')}
            </Badge>
          </h1>
          <p className="mt-1 text-xs text-muted">
            {c.parentName} · {c.phone} · {c.schoolItemName ?? c.schoolItemCode}
          </p>
        </Card>
        {canAssess ? (
          <Card title={t('assess.record')}>
            <RecordForm clueId={clueId} preset={preset} />
          </Card>
        ) : (
          <p className="rounded-md bg-canvas px-3 py-2 text-sm text-muted">{t('assess.notNow')}</p>
        )}
        <Card title={t('clue.assessments')}>
          {error && (
            <p role="alert" className="mb-3 rounded-md bg-danger-50 px-3 py-2 text-sm text-danger-700">
              {error}
            </p>
          )}
          {link && (
            <p role="status" className="mb-3 rounded-md bg-success-50 px-3 py-2 text-sm text-success-700">
              {t('assess.sent')}:{' '}
              <a className="underline" href={link} target="_blank" rel="noreferrer">
                {link}
              </a>
            </p>
          )}
          {(data.data?.results ?? []).length === 0 ? (
            <EmptyState title={t('clue.noAssessments')} />
          ) : (
            <ul className="divide-y divide-line">
              {(data.data?.results ?? []).map((r) => (
                <li key={r.id} className="flex items-start justify-between gap-3 py-3">
                  <div>
                    <div className="flex items-center gap-2 text-sm font-medium">
                      {r.matriculationType}
                      {r.score !== null && <Badge tone="brand">{r.score}</Badge>}
                    </div>
                    <p className="mt-1 text-sm whitespace-pre-wrap">{r.conclusion}</p>
                    {r.suggestion && (
                      <p className="mt-1 text-xs text-muted whitespace-pre-wrap">{r.suggestion}</p>
                    )}
                    <p className="mt-1 text-xs text-subtle">
                      {r.assessorName} · <When iso={r.createdAt} />
                      {r.sentAt && (
                        <>
                          {' '}
                          · {t('assess.sentAt')} <When iso={r.sentAt} />
                        </>
                      )}
                    </p>
                  </div>
                  <Button
                    size="sm"
                    loading={send.isPending && send.variables === r.id}
                    onClick={() => send.mutate(r.id)}
                  >
                    {r.sentAt ? t('assess.resend') : t('assess.send')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </ListKitProvider>
  );
}

/** Recording a result: the endpoint's own schema checks it; the form starts again after each save. */
export function RecordForm({ clueId, preset }: { clueId: number; preset: string }) {
  const t = useT();
  const defaults = {
    clueId,
    matriculationType: preset,
    score: null,
    conclusion: '',
    suggestion: '',
    assessorName: '',
  };
  const form = useCommandForm({
    schema: bodyOf(contract.clues.matriculationSave),
    defaultValues: defaults,
    onSubmit: (body) => sdk.clues.matriculationSave({ body }),
    onDone: (_r, _v, f) => {
      f.reset(defaults);
    },
  });
  return (
    <FormView
      form={form}
      aria-label={t('assess.record')}
      className="grid grid-cols-1 gap-3 space-y-0 sm:grid-cols-2"
    >
      <FormText form={form} name="matriculationType" label={t('clue.assessType')} maxLength={50} />
      <FormNumber form={form} name="score" label={t('clue.score')} min={0} max={1000} />
      <FormText form={form} name="assessorName" label={t('assess.assessor')} maxLength={50} />
      <div className="sm:col-span-2">
        <FormTextArea form={form} name="conclusion" label={t('clue.conclusion')} maxLength={2000} />
      </div>
      <div className="sm:col-span-2">
        <FormTextArea form={form} name="suggestion" label={t('clue.suggestion')} maxLength={2000} />
      </div>
      <div className="flex justify-end sm:col-span-2">
        <SubmitButton form={form}>{t('assess.save')}</SubmitButton>
      </div>
    </FormView>
  );
}
