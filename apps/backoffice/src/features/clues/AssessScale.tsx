// /clues/assessScale: assessment scales (docs/decisions.md "Assessment scales"): the instruments of
// entrance assessments with their age range (months) and items (name, max score): list, create, edit, enable.
import { AssessScaleInput, type TAssessScaleItem, type TAssessScaleRow } from '@bo/api-sdk';
import { Button, controlClass, FieldShell, type CustomFormFieldProps, type ListColumn } from '@bo/ui-kit';
import { isForbidden } from '../../app/guard';
import { defineListScreen, isValid, listQuery, statusOptions } from '../../app/list';
import { sdk } from '../../app/sdk';
import { useSession } from '../../app/session';
import { useT, type TFunction } from '../../i18n';
import { ClueFrame } from './common';

type ItemDraft = { name: string; maxScore: number | string };

/** The repeatable item editor: one row per item (name, max score), add and remove rows. */
function ItemsField(p: CustomFormFieldProps) {
  const t = useT();
  const items: ItemDraft[] = Array.isArray(p.value) ? (p.value as ItemDraft[]) : [];
  const set = (next: ItemDraft[]) => p.onChange(next);
  const change = (i: number, patch: Partial<ItemDraft>) =>
    set(items.map((it, j) => (j === i ? { ...it, ...patch } : it)));
  return (
    <FieldShell id={p.id} label={p.label} required error={p.error}>
      <div id={p.id} className="flex flex-col gap-2" role="group" aria-label={p.label}>
        {items.map((it, i) => (
          <div key={i} className="flex items-center gap-2">
            <input
              className={`${controlClass} h-8 flex-1`}
              aria-label={`${t('scale.itemName')} ${i + 1}`}
              value={it.name}
              maxLength={100}
              disabled={p.disabled}
              onChange={(e) => change(i, { name: e.target.value })}
            />
            <input
              className={`${controlClass} h-8 w-28`}
              type="number"
              min={1}
              max={1000}
              aria-label={`${t('scale.maxScore')} ${i + 1}`}
              value={it.maxScore}
              disabled={p.disabled}
              onChange={(e) => change(i, { maxScore: e.target.value === '' ? '' : Number(e.target.value) })}
            />
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={p.disabled}
              aria-label={`${t('scale.removeItem')} ${i + 1}`}
              onClick={() => set(items.filter((_, j) => j !== i))}
            >
              {t('scale.removeItem')}
            </Button>
          </div>
        ))}
        <div>
          <Button
            type="button"
            variant="secondary"
            size="sm"
            disabled={p.disabled}
            onClick={() => set([...items, { name: '', maxScore: 10 }])}
          >
            {t('scale.addItem')}
          </Button>
        </div>
      </div>
    </FieldShell>
  );
}

const totalScore = (items: TAssessScaleItem[]) => items.reduce((s, i) => s + i.maxScore, 0);

const scaleColumns = (t: TFunction): ListColumn<TAssessScaleRow>[] => [
  { id: 'code', header: t('list.code'), fixed: true },
  { id: 'name', header: t('list.name') },
  {
    id: 'ageRange',
    header: t('scale.ageRange'),
    value: (r) => t('scale.months', { from: r.ageFrom, to: r.ageTo }),
  },
  {
    id: 'items',
    header: t('scale.items'),
    value: (r) => r.items.map((i) => `${i.name}(${i.maxScore})`).join('、'),
  },
  { id: 'total', header: t('scale.total'), align: 'right', value: (r) => totalScore(r.items) },
  { id: 'remark', header: t('scale.description') },
];

/** Scales are global settings: only holders of the clue settings screen may write them (the server agrees). */
const SCALE_OWNER_SCREEN = '/setting/clues';

const Scales = defineListScreen<TAssessScaleRow, typeof AssessScaleInput>({
  key: 'assessScales',
  what: (t) => t('scale.what'),
  rowId: (r) => r.code,
  rowName: (r) => r.name,
  searchFields: (t) => [
    { kind: 'text', name: 'name', label: t('list.name') },
    { kind: 'select', name: 'validstatus', label: t('list.status'), options: statusOptions(t) },
  ],
  columns: scaleColumns,
  list: (a) => sdk.clueSettings.assessScaleList({ query: listQuery(a) }),
  form: {
    schema: AssessScaleInput,
    defaults: { validstatus: 1, sort: 0, ageFrom: 0, ageTo: 72, items: [{ name: '', maxScore: 10 }] },
    fields: (t) => [
      {
        kind: 'text',
        name: 'code',
        label: t('list.code'),
        required: true,
        lockedOnEdit: true,
        maxLength: 50,
      },
      { kind: 'text', name: 'name', label: t('list.name'), required: true, maxLength: 100 },
      { kind: 'number', name: 'ageFrom', label: t('scale.ageFrom'), min: 0, max: 216 },
      { kind: 'number', name: 'ageTo', label: t('scale.ageTo'), min: 0, max: 216 },
      { kind: 'number', name: 'sort', label: t('list.sort'), min: 0 },
      { kind: 'textarea', name: 'remark', label: t('scale.description'), maxLength: 500 },
      {
        kind: 'custom',
        name: 'items',
        label: t('scale.items'),
        required: true,
        wide: true,
        render: (p) => <ItemsField {...p} />,
      },
    ],
    save: (body) => sdk.clueSettings.assessScaleSave({ body }),
  },
  status: {
    isOn: isValid,
    set: (r, on) =>
      sdk.clueSettings.assessScaleUpdateStatus({ body: { code: r.code, validstatus: on ? 1 : 0 } }),
  },
});

/** The same list for readers: no create, edit or status switch, the status shown as text. */
const ScalesReadOnly = defineListScreen<TAssessScaleRow>({
  key: 'assessScalesRead',
  what: (t) => t('scale.what'),
  rowId: (r) => r.code,
  rowName: (r) => r.name,
  searchFields: (t) => [
    { kind: 'text', name: 'name', label: t('list.name') },
    { kind: 'select', name: 'validstatus', label: t('list.status'), options: statusOptions(t) },
  ],
  columns: (t) => [
    ...scaleColumns(t),
    {
      id: 'validstatus',
      header: t('list.status'),
      value: (r) => (isValid(r) ? t('list.enabled') : t('list.disabled')),
    },
  ],
  list: (a) => sdk.clueSettings.assessScaleList({ query: listQuery(a) }),
});

export default function AssessScale() {
  const t = useT();
  const { permissions } = useSession();
  const canWrite = permissions !== null && !isForbidden(SCALE_OWNER_SCREEN, permissions.forbidden);
  return <ClueFrame description={t('scale.desc')}>{canWrite ? <Scales /> : <ScalesReadOnly />}</ClueFrame>;
}
