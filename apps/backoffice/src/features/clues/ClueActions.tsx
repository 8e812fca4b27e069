// The dialogs behind the clue detail's buttons: transfer (consultant, campus, director), abandon,
// invalid (with the server's two checks first), visit booking and confirmation, assessment,
// conversion into a student (preSaveStudent, then student/create), channel change, high-sea return.
import type { TClueRow } from './types';
import { Button, Dialog, Select, TextArea, TextField } from '@bo/ui-kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { CampusMasterSelect, ChannelSelect } from '../../app/masterSelectors';
import { errorText, sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { ConsultantSelect } from './common';
import { localInputToIso, type DetailAction } from './logic';

export type DialogKind = Exclude<DetailAction, 'follow'>;

type TransferMode = 'consultant' | 'campus' | 'director';

interface Values {
  reason: string;
  mode: TransferMode;
  toUserId: number | '';
  campus: string;
  when: string;
  note: string;
  matriculationType: string;
  conclusion: string;
  score: string;
  suggestion: string;
  channel: string;
  recommender: string;
  name: string;
  gender: number;
  birthDate: string;
  parentName: string;
  phone: string;
}

const initial = (c: TClueRow, kind: DialogKind | null): Values => ({
  reason: '',
  mode: kind === 'toDirector' ? 'director' : 'consultant',
  toUserId: '',
  campus: '',
  when: '',
  note: '',
  matriculationType: '',
  conclusion: '',
  score: '',
  suggestion: '',
  channel: c.channel ?? '',
  recommender: c.recommender ?? '',
  name: c.childName,
  gender: c.gender,
  birthDate: c.birthDate ?? '',
  parentName: c.parentName,
  phone: c.phone,
});

function InvalidChecks({ clueId, onBlocked }: { clueId: number; onBlocked: (b: boolean) => void }) {
  const t = useT();
  const days = useQuery({
    queryKey: ['clue', 'invalidDays', clueId],
    queryFn: () => sdk.clues.checkExceedTowDays({ query: { clueId } }),
  });
  const rejects = useQuery({
    queryKey: ['clue', 'invalidRejects', clueId],
    queryFn: () => sdk.clues.checkRejectExceedTwoTimes({ query: { clueId } }),
  });
  const blocked = Boolean(days.data?.exceeded || rejects.data?.exceeded);
  useEffect(() => onBlocked(blocked), [blocked, onBlocked]);
  if (!blocked) return null;
  return (
    <ul role="alert" className="space-y-1 rounded-md bg-warning-50 px-3 py-2 text-sm text-warning-700">
      {days.data?.exceeded && <li>{t('clue.check.daysExceeded')}</li>}
      {rejects.data?.exceeded && <li>{t('clue.check.rejectsExceeded', { n: rejects.data.rejectCount })}</li>}
    </ul>
  );
}

export function ActionDialog({
  kind,
  clue,
  onClose,
}: {
  kind: DialogKind | null;
  clue: TClueRow;
  onClose: () => void;
}) {
  const t = useT();
  const qc = useQueryClient();
  const [v, setV] = useState<Values>(() => initial(clue, kind));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    if (kind) {
      setV(initial(clue, kind));
      setError(null);
      setBlocked(false);
    }
    // Reset when a dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind]);
  // Conversion starts from the server's prefilled case file.
  const draft = useQuery({
    queryKey: ['clue', 'preSaveStudent', clue.clueId],
    queryFn: () => sdk.clues.preSaveStudent({ query: { clueId: clue.clueId } }),
    enabled: kind === 'convert',
  });
  useEffect(() => {
    const d = draft.data;
    if (d && kind === 'convert') {
      setV((x) => ({
        ...x,
        name: d.name,
        gender: d.gender,
        birthDate: d.birthDate ?? '',
        parentName: d.parentName,
        phone: d.phone,
        campus: d.schoolItemCode ?? '',
      }));
    }
  }, [draft.data, kind]);
  const set = (patch: Partial<Values>) => setV((x) => ({ ...x, ...patch }));
  const clueId = clue.clueId;

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      switch (kind) {
        case 'transfer':
        case 'toDirector':
          if (v.mode === 'director')
            await sdk.clues.submitClueToDirector({ body: { clueId, reason: v.reason } });
          else if (v.mode === 'campus')
            await sdk.clues.transferSaveCampus({
              body: {
                clueId,
                toSchoolItemCode: v.campus,
                toUserId: v.toUserId === '' ? null : v.toUserId,
                reason: v.reason,
              },
            });
          else {
            if (v.toUserId === '') throw new Error(t('clue.chooseConsultant'));
            await sdk.clues.transferSave({
              body: { clueId, toUserId: v.toUserId, reason: v.reason, version: clue.version },
            });
          }
          break;
        case 'abandon':
          await sdk.clues.abandonSave({ body: { clueId, reason: v.reason } });
          break;
        case 'invalid':
          await sdk.clues.invalidSubmit({ body: { clueId, reason: v.reason } });
          break;
        case 'highSeaReject':
          await sdk.clues.highSeaReject({
            query: { cluecode: clue.cluecode, reason: v.reason || undefined },
          });
          break;
        case 'scheduleVisit': {
          const at = localInputToIso(v.when);
          if (!at) throw new Error(t('clue.chooseTime'));
          await sdk.clues.intoSchoolSave({ body: { clueId, visitAt: at, note: v.note } });
          break;
        }
        case 'confirmVisit':
          await sdk.clues.clueConfirmSave({
            body: { clueId, visitedAt: localInputToIso(v.when) ?? undefined, note: v.note },
          });
          break;
        case 'assess':
          await sdk.clues.matriculationSave({
            body: {
              clueId,
              matriculationType: v.matriculationType,
              conclusion: v.conclusion,
              score: v.score === '' ? null : Number(v.score),
              suggestion: v.suggestion,
              assessorName: '',
            },
          });
          break;
        case 'convert':
          await sdk.clues.studentCreate({
            body: {
              clueId,
              name: v.name,
              gender: v.gender as 0 | 1 | 2,
              birthDate: v.birthDate || null,
              parentName: v.parentName,
              phone: v.phone,
              schoolItemCode: v.campus,
            },
          });
          break;
        case 'channel':
          await sdk.clues.modifyClueChannel({
            body: { clueId, channel: v.channel, recommender: v.recommender || null },
          });
          break;
        default:
          return;
      }
      await qc.invalidateQueries();
      onClose();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const reason = (required = true) => (
    <TextArea
      label={t('clue.reason')}
      required={required}
      value={v.reason}
      maxLength={500}
      onChange={(e) => set({ reason: e.target.value })}
    />
  );
  let body: ReactNode = null;
  switch (kind) {
    case 'transfer':
    case 'toDirector':
      body = (
        <>
          <fieldset>
            <legend className="mb-1 text-xs font-medium text-ink-2">{t('clue.transferTo')}</legend>
            <div className="flex flex-wrap gap-4">
              {(['consultant', 'campus', 'director'] as const).map((m) => (
                <label key={m} className="inline-flex items-center gap-1.5 text-sm">
                  <input
                    type="radio"
                    name="transfer-mode"
                    checked={v.mode === m}
                    onChange={() => set({ mode: m, toUserId: '' })}
                  />
                  {t(`clue.transferMode.${m}`)}
                </label>
              ))}
            </div>
          </fieldset>
          {v.mode === 'campus' && (
            <CampusMasterSelect
              label={t('clue.toCampus')}
              value={v.campus}
              onChange={(x) => set({ campus: String(x), toUserId: '' })}
              required
            />
          )}
          {v.mode === 'consultant' && (
            <ConsultantSelect
              label={t('clue.consultant')}
              schoolItemCode={clue.schoolItemCode}
              value={v.toUserId}
              onChange={(x) => set({ toUserId: x })}
            />
          )}
          {v.mode === 'campus' && v.campus && (
            <ConsultantSelect
              label={t('clue.consultantOptional')}
              schoolItemCode={v.campus}
              value={v.toUserId}
              onChange={(x) => set({ toUserId: x })}
            />
          )}
          {reason()}
        </>
      );
      break;
    case 'abandon':
    case 'highSeaReject':
      body = reason(kind === 'abandon');
      break;
    case 'invalid':
      body = (
        <>
          <InvalidChecks clueId={clueId} onBlocked={setBlocked} />
          {reason()}
        </>
      );
      break;
    case 'scheduleVisit':
    case 'confirmVisit':
      body = (
        <>
          <TextField
            label={kind === 'scheduleVisit' ? t('clue.visitAt') : t('clue.visitedAt')}
            type="datetime-local"
            required={kind === 'scheduleVisit'}
            value={v.when}
            onChange={(e) => set({ when: e.target.value })}
          />
          <TextArea
            label={t('clue.note')}
            value={v.note}
            maxLength={500}
            onChange={(e) => set({ note: e.target.value })}
          />
        </>
      );
      break;
    case 'assess':
      body = (
        <>
          <TextField
            label={t('clue.assessType')}
            required
            value={v.matriculationType}
            maxLength={50}
            onChange={(e) => set({ matriculationType: e.target.value })}
          />
          <TextField
            label={t('clue.score')}
            type="number"
            min={0}
            max={1000}
            value={v.score}
            onChange={(e) => set({ score: e.target.value })}
          />
          <TextArea
            label={t('clue.conclusion')}
            required
            value={v.conclusion}
            maxLength={2000}
            onChange={(e) => set({ conclusion: e.target.value })}
          />
          <TextArea
            label={t('clue.suggestion')}
            value={v.suggestion}
            maxLength={2000}
            onChange={(e) => set({ suggestion: e.target.value })}
          />
        </>
      );
      break;
    case 'convert':
      body = (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <TextField
            label={t('clue.studentName')}
            required
            value={v.name}
            onChange={(e) => set({ name: e.target.value })}
          />
          <Select
            label={t('clue.gender')}
            value={v.gender}
            onChange={(x) => set({ gender: Number(x || 0) })}
            options={[0, 1, 2].map((g) => ({ value: g, label: t(`clue.gender.${g}`) }))}
          />
          <TextField
            label={t('clue.birthDate')}
            type="date"
            value={v.birthDate}
            onChange={(e) => set({ birthDate: e.target.value })}
          />
          <TextField
            label={t('clue.parentName')}
            required
            value={v.parentName}
            onChange={(e) => set({ parentName: e.target.value })}
          />
          <TextField
            label={t('clue.phone')}
            required
            value={v.phone}
            onChange={(e) => set({ phone: e.target.value })}
          />
          <CampusMasterSelect
            label={t('clue.campus')}
            required
            value={v.campus}
            onChange={(x) => set({ campus: String(x) })}
          />
        </div>
      );
      break;
    case 'channel':
      body = (
        <>
          <ChannelSelect
            label={t('clue.channel')}
            required
            value={v.channel}
            onChange={(x) => set({ channel: String(x) })}
          />
          <TextField
            label={t('clue.recommender')}
            value={v.recommender}
            maxLength={50}
            onChange={(e) => set({ recommender: e.target.value })}
          />
        </>
      );
      break;
    default:
      body = null;
  }

  return (
    <Dialog
      open={kind !== null}
      onClose={onClose}
      title={kind ? t(`clue.action.${kind}`) : ''}
      closeLabel={t('list.close')}
      footer={
        <>
          <Button onClick={onClose}>{t('list.cancel')}</Button>
          <Button
            variant={kind === 'invalid' || kind === 'abandon' ? 'danger' : 'primary'}
            loading={busy}
            disabled={blocked}
            onClick={() => void run()}
          >
            {t('clue.submit')}
          </Button>
        </>
      }
    >
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        {body}
        {error && (
          <p role="alert" className="text-sm text-danger-600">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
