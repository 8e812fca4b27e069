// /education/adminAssessmentNew: a student assessed on an assessment scale (the clue settings'
// scales, the same records as a clue's entrance assessment). The scale's items are scored one by
// one and totalled as they are typed; a draft is saved and opened again by ?id=, submitting makes
// it final. An assessment that can no longer change opens read only.
import { contract, type TAssessmentAnswer, type TAssessmentDetail, type TAssessScaleRow } from '@bo/api-sdk';
import { shanghaiDate } from '@bo/domain';
import {
  Badge,
  Button,
  Card,
  FormControl,
  FormDate,
  FormSelect,
  FormTextArea,
  FormView,
  SubmitButton,
} from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { bodyOf, useCommandForm } from '../../app/form';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { StudentPicker } from '../orders/StudentPicker';
import { ScreenFrame } from '../settings/ScreenFrame';
import { answersOf, editable, inputsOf, totalOf, type ScoreInputs } from './assessmentForm';

const LIST = '/education/adminAssessment';
const Body = bodyOf(contract.teaching.assessmentSave);

export default function AdminAssessmentNew() {
  const t = useT();
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? '') || null;
  const scales = useQuery({ queryKey: ['assessScaleAll'], queryFn: () => sdk.clueSettings.assessScaleAll() });
  const current = useQuery({
    queryKey: ['assessmentInfo', id],
    enabled: id !== null,
    queryFn: () => sdk.teaching.assessmentInfo({ query: { id: id ?? 0 } }),
  });
  if (!scales.data || (id !== null && !current.data && !current.error)) return null;
  if (id !== null && !current.data) return <p role="alert">{t('teach.asm.notFound')}</p>;
  const a = current.data ?? null;
  return (
    <ScreenFrame description={t('teach.asm.desc')}>
      {a && !editable(a) ? (
        <ReadOnly a={a} />
      ) : (
        // A fresh form per record and version read, so its defaults are that record's.
        <AssessmentForm key={a ? `${a.id}:${a.version}` : 'new'} scales={scales.data} initial={a} />
      )}
    </ScreenFrame>
  );
}

export function AssessmentForm({
  scales,
  initial,
}: {
  scales: readonly TAssessScaleRow[];
  initial: TAssessmentDetail | null;
}) {
  const t = useT();
  const navigate = useNavigate();
  const [inputs, setInputs] = useState<ScoreInputs>(() => inputsOf(initial?.answers ?? []));
  const form = useCommandForm({
    schema: Body,
    defaultValues: {
      id: initial?.id,
      version: initial?.version,
      studentId: initial?.studentId ?? undefined,
      scaleCode: initial?.scaleCode ?? '',
      assessedOn: initial?.assessedOn ?? shanghaiDate(new Date()),
      answers: initial?.answers ?? [],
      conclusion: initial?.conclusion ?? '',
      suggestion: initial?.suggestion ?? '',
      submit: false,
    },
    onSubmit: (body) => sdk.teaching.assessmentSave({ body }),
    onDone: (r: TAssessmentDetail) =>
      navigate(r.status === 'submitted' ? LIST : `/education/adminAssessmentNew?id=${r.id}`, {
        replace: r.status !== 'submitted',
      }),
  });
  const scaleCode = form.rhf.watch('scaleCode');
  const answers = form.rhf.watch('answers') as TAssessmentAnswer[];
  const scale = scales.find((s) => s.code === scaleCode);
  // The draft's student shown in the picker before anything is typed.
  const student =
    initial?.studentId && initial.studentCode
      ? {
          id: initial.studentId,
          code: initial.studentCode,
          name: initial.studentName,
          phone: '',
          parentName: '',
          schoolItemCode: initial.schoolItemCode ?? '',
          schoolItemName: initial.schoolItemName,
          status: 10,
        }
      : null;
  return (
    <Card title={initial ? t('teach.asm.edit') : t('teach.asm.new')}>
      <FormView
        form={form}
        aria-label={t('teach.asm.new')}
        className="grid grid-cols-1 gap-3 space-y-0 sm:grid-cols-3"
      >
        <FormControl
          form={form}
          name="studentId"
          label={t('teach.asm.student')}
          render={(c) => (
            <StudentPicker
              id={c.id}
              label={c.label}
              required={c.required}
              error={c.error}
              value={c.value as number | undefined}
              initial={student}
              onPick={(s) => c.onChange(s?.id)}
            />
          )}
        />
        <FormSelect
          form={form}
          name="scaleCode"
          label={t('teach.asm.scale')}
          options={scales.map((s) => ({ value: s.code, label: s.name }))}
        />
        <FormDate form={form} name="assessedOn" label={t('teach.asm.date')} max={shanghaiDate(new Date())} />
        <div className="sm:col-span-3">
          <FormControl
            form={form}
            name="answers"
            label={t('teach.asm.items')}
            render={(c) => (
              <fieldset aria-describedby={c.error ? `${c.id}-error` : undefined}>
                <legend className="text-xs font-medium text-ink-2">{c.label}</legend>
                {scale ? (
                  <div className="mt-1 grid grid-cols-1 gap-2 sm:grid-cols-4">
                    {scale.items.map((item) => (
                      <label key={item.name} className="flex flex-col gap-1 text-xs text-ink-2">
                        {t('teach.asm.itemScore', { name: item.name, max: item.maxScore })}
                        <input
                          type="number"
                          inputMode="numeric"
                          min={0}
                          max={item.maxScore}
                          step={1}
                          className="h-8 rounded-md border border-line px-2 text-sm text-ink"
                          value={inputs[item.name] ?? ''}
                          onChange={(e) => {
                            const next = { ...inputs, [item.name]: e.target.value };
                            setInputs(next);
                            c.onChange(answersOf(scale.items, next));
                          }}
                        />
                      </label>
                    ))}
                  </div>
                ) : (
                  <p className="mt-1 text-sm text-muted">{t('teach.asm.pickScale')}</p>
                )}
                <p className="mt-2 text-sm font-medium" role="status">
                  {t('teach.asm.total', { n: totalOf(answers) })}
                </p>
                {c.error && (
                  <p id={`${c.id}-error`} className="text-xs text-danger-700">
                    {c.error}
                  </p>
                )}
              </fieldset>
            )}
          />
        </div>
        <div className="sm:col-span-3">
          <FormTextArea form={form} name="conclusion" label={t('teach.asm.conclusion')} maxLength={2000} />
        </div>
        <div className="sm:col-span-3">
          <FormTextArea form={form} name="suggestion" label={t('teach.asm.suggestion')} maxLength={2000} />
        </div>
        <div className="flex justify-end gap-2 sm:col-span-3">
          <Button variant="secondary" onClick={() => void navigate(LIST)}>
            {t('teach.asm.back')}
          </Button>
          <SubmitButton form={form} variant="secondary" onClick={() => form.rhf.setValue('submit', false)}>
            {t('teach.asm.saveDraft')}
          </SubmitButton>
          <SubmitButton form={form} onClick={() => form.rhf.setValue('submit', true)}>
            {t('teach.asm.submit')}
          </SubmitButton>
        </div>
      </FormView>
    </Card>
  );
}

function ReadOnly({ a }: { a: TAssessmentDetail }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Card title={`${a.studentName} · ${a.scaleName}`}>
      <p className="mb-3 text-sm text-muted">{t('teach.asm.readonly')}</p>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        <dt className="text-muted">{t('teach.asm.date')}</dt>
        <dd>{a.assessedOn}</dd>
        <dt className="text-muted">{t('teach.asm.assessor')}</dt>
        <dd>{a.assessorName}</dd>
        <dt className="text-muted">{t('teach.asm.status')}</dt>
        <dd>
          <Badge tone={a.status === 'draft' ? 'warning' : 'success'}>
            {t(`teach.asm.status.${a.status}`)}
          </Badge>
        </dd>
        <dt className="text-muted">{t('teach.asm.score')}</dt>
        <dd>{a.score ?? '—'}</dd>
        {a.answers.map((x) => (
          <div key={x.name} className="contents">
            <dt className="text-muted">{x.name}</dt>
            <dd>{x.score}</dd>
          </div>
        ))}
      </dl>
      {a.conclusion && <p className="mt-3 text-sm whitespace-pre-wrap">{a.conclusion}</p>}
      {a.suggestion && <p className="mt-1 text-xs text-muted whitespace-pre-wrap">{a.suggestion}</p>}
      <div className="mt-3 flex justify-end">
        <Button variant="secondary" onClick={() => void navigate(LIST)}>
          {t('teach.asm.back')}
        </Button>
      </div>
    </Card>
  );
}
