// /setting/operate, tab "审批流程 / Approval flows": every registered approval kind with its steps, and
// an editor for one kind's chain (docs/approvals.md). Bespoke because a flow is a list of steps, which
// the record form kit does not edit.
import { toCents } from '@bo/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TApprovalPolicyRow, TApprovalStepDef } from '@bo/api-sdk';
import { Badge, Button, Dialog, Select, TextField, useToast, formatMoney } from '@bo/ui-kit';
import { runCommand } from '../../app/invalidation';
import { sdk } from '../../app/sdk';
import { RolesField } from '../../app/masterSelectors';
import { useLocale, useT } from '../../i18n';

const newStep = (): TApprovalStepDef => ({ name: '', roles: [], userIds: [], mode: 'any', aboveCents: null });

function useRoleNames() {
  const q = useQuery({
    queryKey: ['master', 'roles'],
    queryFn: () => sdk.system.roles({ query: { status: 1 } }),
    staleTime: 60_000,
  });
  return new Map((q.data ?? []).map((r) => [r.code, r.name]));
}

function useUsers() {
  const q = useQuery({
    queryKey: ['master', 'allUsers'],
    queryFn: () => sdk.system.allUsers({ query: {} }),
    staleTime: 60_000,
  });
  return q.data ?? [];
}

function StepEditor({
  index,
  step,
  onChange,
  onRemove,
}: {
  index: number;
  step: TApprovalStepDef;
  onChange: (s: TApprovalStepDef) => void;
  onRemove?: () => void;
}) {
  const t = useT();
  const users = useUsers();
  const n = index + 1;
  const yuan = step.aboveCents == null ? '' : String(step.aboveCents / 100);
  return (
    <fieldset className="flex flex-col gap-2 rounded-md border border-line p-3">
      <legend className="px-1 text-xs font-medium text-ink-2">{t('flow.step', { n })}</legend>
      <div className="grid grid-cols-1 gap-2 md:grid-cols-3">
        <TextField
          label={t('flow.stepName', { n })}
          required
          maxLength={50}
          value={step.name}
          onChange={(e) => onChange({ ...step, name: e.target.value })}
        />
        <Select
          label={t('flow.mode', { n })}
          value={step.mode}
          options={[
            { value: 'any', label: t('flow.mode.any') },
            { value: 'all', label: t('flow.mode.all') },
          ]}
          onChange={(v) => onChange({ ...step, mode: v === 'all' ? 'all' : 'any' })}
        />
        <TextField
          label={t('flow.above', { n })}
          hint={t('flow.above.hint')}
          inputMode="decimal"
          value={yuan}
          onChange={(e) => {
            const v = e.target.value.trim();
            const cents = toCents(v);
            onChange({ ...step, aboveCents: v === '' || cents === null ? null : Number(cents) });
          }}
        />
      </div>
      <RolesField
        id={`flow-step-${n}-roles`}
        label={t('flow.roles', { n })}
        value={step.roles}
        onChange={(v) => onChange({ ...step, roles: Array.isArray(v) ? v.map(Number) : [] })}
      />
      <div className="flex flex-col gap-1">
        <Select
          label={t('flow.addPerson', { n })}
          value=""
          options={[
            { value: '', label: t('flow.pickPerson') },
            ...users
              .filter((u) => !step.userIds.includes(u.id))
              .map((u) => ({ value: String(u.id), label: `${u.name} (${u.username})` })),
          ]}
          onChange={(v) => v && onChange({ ...step, userIds: [...step.userIds, Number(v)] })}
        />
        <ul className="flex flex-wrap gap-1.5" aria-label={t('flow.people', { n })}>
          {step.userIds.map((id) => {
            const u = users.find((x) => x.id === id);
            return (
              <li key={id}>
                <Badge>
                  {u?.name ?? `#${id}`}
                  <button
                    type="button"
                    className="ml-1 text-subtle hover:text-ink"
                    aria-label={t('flow.removePerson', { name: u?.name ?? String(id) })}
                    onClick={() => onChange({ ...step, userIds: step.userIds.filter((x) => x !== id) })}
                  >
                    ×
                  </button>
                </Badge>
              </li>
            );
          })}
        </ul>
      </div>
      {onRemove && (
        <div>
          <Button size="sm" variant="ghost" onClick={onRemove}>
            {t('flow.removeStep', { n })}
          </Button>
        </div>
      )}
    </fieldset>
  );
}

function FlowDialog({ row, onClose }: { row: TApprovalPolicyRow; onClose: () => void }) {
  const t = useT();
  const [locale] = useLocale();
  const toast = useToast();
  const qc = useQueryClient();
  const [steps, setSteps] = useState<TApprovalStepDef[]>(row.steps);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const title = locale === 'en' ? row.labelEn : row.label;
  const save = async () => {
    if (steps.some((s) => !s.name.trim())) return setError(t('flow.err.name'));
    if (steps.some((s) => s.roles.length + s.userIds.length === 0)) return setError(t('flow.err.approver'));
    setBusy(true);
    setError(null);
    try {
      await runCommand(qc, () =>
        sdk.approvals.policySave({ body: { kind: row.kind, steps, version: row.version } }),
      );
      toast.success(t('list.saved'));
      onClose();
    } catch {
      // shown by the SDK's error popup; the dialog stays open with the edits
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      persistent
      onClose={onClose}
      title={t('flow.edit', { name: title })}
      size="xl"
      closeLabel={t('list.close')}
      footer={
        <>
          <Button onClick={onClose}>{t('list.cancel')}</Button>
          <Button variant="primary" loading={busy} onClick={() => void save()}>
            {t('list.save')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        {error && (
          <p role="alert" className="text-sm text-danger-600">
            {error}
          </p>
        )}
        {steps.map((s, i) => (
          <StepEditor
            key={i}
            index={i}
            step={s}
            onChange={(next) => setSteps(steps.map((x, j) => (j === i ? next : x)))}
            onRemove={steps.length > 1 ? () => setSteps(steps.filter((_, j) => j !== i)) : undefined}
          />
        ))}
        <div>
          <Button size="sm" onClick={() => setSteps([...steps, newStep()])}>
            {t('flow.addStep')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/** The tab's content. */
export function ApprovalFlows() {
  const t = useT();
  const [locale] = useLocale();
  const roleNames = useRoleNames();
  const users = useUsers();
  const q = useQuery({ queryKey: ['approvalPolicies'], queryFn: () => sdk.approvals.policyList() });
  const [editing, setEditing] = useState<TApprovalPolicyRow | null>(null);
  const approvers = (s: TApprovalStepDef) =>
    [
      ...s.roles.map((c) => roleNames.get(c) ?? String(c)),
      ...s.userIds.map((id) => users.find((u) => u.id === id)?.name ?? `#${id}`),
    ].join(locale === 'en' ? ', ' : '、');
  if (q.isError)
    return (
      <div role="alert" className="flex items-center gap-2 text-sm text-danger-600">
        {t('flow.loadFailed')}
        <Button size="sm" onClick={() => void q.refetch()}>
          {t('flow.retry')}
        </Button>
      </div>
    );
  return (
    <>
      <table className="w-full text-sm" aria-label={t('flow.title')}>
        <thead>
          <tr className="border-b border-line text-left text-xs text-muted">
            <th className="px-2 py-2 font-medium">{t('flow.kind')}</th>
            <th className="px-2 py-2 font-medium">{t('flow.steps')}</th>
            <th className="px-2 py-2 font-medium">{t('flow.source')}</th>
            <th className="px-2 py-2 font-medium" />
          </tr>
        </thead>
        <tbody>
          {(q.data ?? []).map((row) => {
            const name = locale === 'en' ? row.labelEn : row.label;
            return (
              <tr key={row.kind} className="border-b border-line align-top">
                <td className="px-2 py-2">{name}</td>
                <td className="px-2 py-2">
                  <ol className="flex flex-col gap-0.5">
                    {row.steps.map((s, i) => (
                      <li key={i}>
                        {i + 1}. {s.name}：{approvers(s)}（
                        {s.mode === 'all' ? t('flow.mode.all') : t('flow.mode.any')}
                        {s.aboveCents != null
                          ? `，${t('flow.aboveShort', { yuan: formatMoney({ cents: s.aboveCents }) })}`
                          : ''}
                        ）
                      </li>
                    ))}
                  </ol>
                </td>
                <td className="px-2 py-2">
                  <Badge tone={row.custom ? 'brand' : 'neutral'}>
                    {row.custom ? t('flow.custom') : t('flow.default')}
                  </Badge>
                </td>
                <td className="px-2 py-2 text-right">
                  <Button size="sm" aria-label={t('flow.editOf', { name })} onClick={() => setEditing(row)}>
                    {t('list.edit')}
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {editing && <FlowDialog row={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
