// /students/studentDetail?code=: one case file in tabs — profile, rehabilitation information (with
// the assessments made before enrolment), orders, hours balance, follow records and lifetime.
import type { TStudentDetail } from '@bo/api-sdk';
import { Button, Card, EmptyState, PageHeader, Spinner, Tabs } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ListKitProvider } from '../../app/list';
import { useCanOpen, useHolds } from '../../app/permissions';
import { usePageTitle } from '../../app/pageTitle';
import { sdk } from '../../app/sdk';
import { StudentContracts } from '../services/EContracts';
import { useT } from '../../i18n';
import { FollowForm, methodOptions } from './FollowForm';
import { StudentBalance, StudentOrders } from './Account';
import { LifetimeView } from './Lifetime';
import { StudentPlan } from './StudentPlan';
import { ageText, DateTimeCell, editPath, genderText, StatusBadge } from './parts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-0.5 text-sm break-words whitespace-pre-wrap text-ink">
        {children === '' || children === null || children === undefined ? '—' : children}
      </dd>
    </div>
  );
}

function Profile({ s }: { s: TStudentDetail }) {
  const t = useT();
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Field label={t('stu.code')}>{s.code}</Field>
      <Field label={t('stu.name')}>{s.name}</Field>
      <Field label={t('stu.gender')}>{genderText(t, s.gender)}</Field>
      <Field label={t('stu.birthDate')}>
        {s.birthDate ? `${s.birthDate}（${ageText(t, s.ageMonths)}）` : ''}
      </Field>
      <Field label={t('stu.parentName')}>
        {s.relation ? `${s.parentName}（${s.relation}）` : s.parentName}
      </Field>
      <Field label={t('stu.phone')}>{s.phone}</Field>
      <Field label={t('stu.phone2')}>{s.phone2}</Field>
      <Field label={t('stu.address')}>{s.address}</Field>
      <Field label={t('stu.campus')}>{s.schoolItemName ?? s.schoolItemCode}</Field>
      <Field label={t('stu.adviser')}>{s.adviserName ?? t('stu.noAdviser')}</Field>
      <Field label={t('stu.status')}>
        <StatusBadge status={s.status} />
      </Field>
      <Field label={t('stu.insurance')}>{s.insurance ? t('stu.yes') : t('stu.no')}</Field>
      <Field label={t('stu.serviceEndDate')}>{s.serviceEndDate}</Field>
      <Field label={t('stu.sourceClue')}>
        {s.sourceClueId ? (
          <Link className="text-brand-600 hover:underline" to={`/clues/clueDetail?id=${s.sourceClueId}`}>
            {s.sourceCluecode ?? s.sourceClueId}
          </Link>
        ) : (
          ''
        )}
      </Field>
      <Field label={t('stu.createdBy')}>{s.createdByName}</Field>
      <Field label={t('stu.createdAt')}>
        <DateTimeCell iso={s.createdAt} />
      </Field>
      <Field label={t('stu.remark')}>{s.remark}</Field>
    </dl>
  );
}

function Rehab({ s }: { s: TStudentDetail }) {
  const t = useT();
  const assess = useQuery({
    queryKey: ['students', 'outsideAssess', s.id],
    queryFn: () => sdk.students.outsideAssess({ query: { stuId: s.id } }),
  });
  return (
    <div className="space-y-5">
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field label={t('stu.diagnosis')}>{s.diagnosis}</Field>
        <Field label={t('stu.diagnosisHospital')}>{s.diagnosisHospital}</Field>
        <Field label={t('stu.diagnosisDate')}>{s.diagnosisDate}</Field>
        <Field label={t('stu.disabilityCertificate')}>{s.disabilityCertificate}</Field>
        <Field label={t('stu.schoolName')}>{s.schoolName}</Field>
        <Field label={t('stu.grade')}>{s.grade}</Field>
        <Field label={t('stu.assessmentSummary')}>{s.assessmentSummary}</Field>
        <Field label={t('stu.rehabHistory')}>{s.rehabHistory}</Field>
        <Field label={t('stu.allergies')}>{s.allergies}</Field>
      </dl>
      <section aria-label={t('stu.outsideAssess')}>
        <h3 className="mb-2 text-sm font-semibold text-ink">{t('stu.outsideAssess')}</h3>
        {(assess.data ?? []).length === 0 ? (
          <EmptyState title={t('stu.noAssess')} />
        ) : (
          <ul className="space-y-2">
            {(assess.data ?? []).map((a) => (
              <li key={a.id} className="rounded-md border border-line p-3 text-sm">
                <div className="flex flex-wrap gap-x-3 text-xs text-muted">
                  <span className="font-medium text-ink">{a.matriculationType}</span>
                  <span>
                    {t('stu.assessScore')}: {a.score ?? '—'}
                  </span>
                  <span>
                    {t('stu.assessor')}: {a.assessorName || '—'}
                  </span>
                  <DateTimeCell iso={a.createdAt} />
                </div>
                <p className="mt-1 whitespace-pre-wrap">{a.conclusion}</p>
                {a.suggestion && (
                  <p className="mt-1 text-ink-2">
                    {t('stu.assessSuggestion')}: {a.suggestion}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function Follows({ s }: { s: TStudentDetail }) {
  const t = useT();
  const q = useQuery({
    queryKey: ['students', 'follows', s.id],
    queryFn: () => sdk.students.studentFollowRecords({ params: { id: s.id } }),
  });
  const methods = new Map(methodOptions(t).map((m) => [m.value, m.label]));
  // A saved record starts a fresh form (a new key), the list below shows it.
  const [round, setRound] = useState(0);
  return (
    <div className="space-y-5">
      <FollowForm
        key={round}
        studentId={s.id}
        onDone={() => {
          setRound((n) => n + 1);
          return q.refetch();
        }}
      />
      {(q.data ?? []).length === 0 ? (
        <EmptyState title={t('stu.follow.empty')} />
      ) : (
        <ol className="space-y-3" aria-label={t('stu.follow.title')}>
          {(q.data ?? []).map((f) => (
            <li key={f.id} className="rounded-md border border-line p-3">
              <div className="flex flex-wrap gap-x-3 text-xs text-muted">
                <span className="font-medium text-ink">{f.nodeName}</span>
                <span>{methods.get(f.method) ?? f.method}</span>
                <span>{f.createdByName}</span>
                <DateTimeCell iso={f.createdAt} />
                {f.nextFollowAt && (
                  <span>
                    {t('stu.follow.next')}: <DateTimeCell iso={f.nextFollowAt} />
                  </span>
                )}
              </div>
              <p className="mt-1 text-sm whitespace-pre-wrap text-ink-2">{f.content}</p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

export default function StudentDetail() {
  const t = useT();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const code = params.get('code') ?? '';
  const tab = params.get('tab') ?? 'profile';
  const q = useQuery({
    queryKey: ['students', 'detail', code],
    queryFn: () => sdk.students.studentDetail({ query: { code } }),
    enabled: code !== '',
  });
  usePageTitle(q.data ? `${q.data.name}（${q.data.code}）` : null);
  // Without the screen itself (a teacher or academic staff opening it for the plan) the case file is
  // read-only: profile, rehabilitation and the plan, no money, follow-ups or contracts.
  const full = useHolds('/students/studentDetail');
  const canEdit = useCanOpen('/students/editStudent');
  const canLife = useCanOpen('/students/caselife');
  if (!code) return <EmptyState title={t('stu.detail.missing')} />;
  const s = q.data;
  if (!s) return q.isError ? <EmptyState title={t('stu.detail.missing')} /> : <Spinner />;
  return (
    <ListKitProvider>
      <PageHeader
        title={`${s.name}（${s.code}）`}
        description={`${s.schoolItemName ?? s.schoolItemCode} · ${s.parentName} ${s.phone}`}
        actions={
          <div className="flex gap-2">
            {full && canLife && (
              <Button onClick={() => navigate(`/students/caselife?studentId=${s.id}`)}>
                {t('stu.life.open')}
              </Button>
            )}
            {canEdit && (
              <Button variant="primary" onClick={() => navigate(editPath(s))}>
                {t('stu.edit')}
              </Button>
            )}
          </div>
        }
      />
      <Card>
        <Tabs
          value={tab}
          onChange={(k) => setParams((p) => (p.set('tab', k), p), { replace: true })}
          items={[
            { key: 'profile', label: t('stu.tab.profile'), content: <Profile s={s} /> },
            { key: 'rehab', label: t('stu.tab.rehab'), content: <Rehab s={s} /> },
            ...(full
              ? [
                  { key: 'orders', label: t('stu.tab.orders'), content: <StudentOrders s={s} /> },
                  { key: 'balance', label: t('stu.tab.balance'), content: <StudentBalance s={s} /> },
                  { key: 'follows', label: t('stu.tab.follows'), content: <Follows s={s} /> },
                ]
              : []),
            { key: 'plan', label: t('stu.tab.plan'), content: <StudentPlan studentId={s.id} /> },
            ...(full
              ? [
                  {
                    key: 'lifetime',
                    label: t('stu.tab.lifetime'),
                    content: <LifetimeView studentId={s.id} />,
                  },
                  {
                    key: 'contracts',
                    label: t('stu.tab.contracts'),
                    content: <StudentContracts studentId={s.id} />,
                  },
                ]
              : []),
          ]}
        />
      </Card>
    </ListKitProvider>
  );
}
