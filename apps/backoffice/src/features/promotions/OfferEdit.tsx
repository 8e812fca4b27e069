// The one form of every promotion (add and edit, /discount/add* and /newDiscount/add*; ?id= edits):
// the fields a kind uses (offers.ts FIELDS), validated by the contract's OfferInput, and beside it
// the preview: the server prices a sample order as it is and as if this offer were published.
import { OfferInput, type TOfferDetail, type TOfferInput, type TOfferKind } from '@bo/api-sdk';
import {
  Button,
  Card,
  emptyToAbsent,
  FormAmount,
  FormCheckGroup,
  FormControl,
  FormDate,
  FormNumber,
  FormSelect,
  FormText,
  FormTextArea,
  FormView,
  MoneyText,
  PageHeader,
  PriceBreakdown,
  Spinner,
  SubmitButton,
  TextField,
} from '@bo/ui-kit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { useCommandForm } from '../../app/form';
import { CampusMasterSelect, CampusesField, CourseSelect, CoursesField } from '../../app/masterSelectors';
import { usePageTitle } from '../../app/pageTitle';
import { errorText, sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { useDebounced } from '../orders/useDebounced';
import { detailPath } from './OfferList';
import { FIELDS, OFFER_API, PATHS, offerKindOf, previewKind, type Family, type ScreenKind } from './offers';

/** Today as the server's business day (Asia/Shanghai): a new offer starts today by default. */
const shanghaiToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

const emptyOffer = (): TOfferInput => ({
  name: '',
  remark: '',
  mode: '',
  offPercent: '',
  amount: '',
  minSpend: '',
  giftTiers: [],
  courseCodes: [],
  campusCodes: [],
  startDate: shanghaiToday(),
  endDate: '',
  validDays: 0,
  couponIds: [],
  parentId: undefined,
});

const toForm = (d: TOfferDetail): TOfferInput => ({
  name: d.name,
  remark: d.remark,
  mode: d.mode,
  offPercent: d.offPercent,
  amount: d.amount,
  minSpend: d.minSpend,
  giftTiers: d.giftTiers,
  courseCodes: d.courseCodes,
  campusCodes: d.campusCodes,
  startDate: d.startDate,
  endDate: d.endDate,
  validDays: d.validDays,
  couponIds: d.couponIds,
  parentId: d.parentId ?? undefined,
});

type Form = ReturnType<typeof useOfferForm>;

function useOfferForm(
  kind: TOfferKind,
  editing: TOfferDetail | null,
  onSaved: (id: number, name: string) => void,
) {
  const t = useT();
  const api = OFFER_API[kind];
  return useCommandForm({
    schema: OfferInput,
    defaultValues: editing ? toForm(editing) : emptyOffer(),
    onSubmit: (offer) => (editing ? api.update(editing.id, editing.version, offer) : api.create(offer)),
    success: t('promo.save'),
    onDone: (r) => onSaved(r.id, r.name),
  });
}

function ReductionFields({ form }: { form: Form }) {
  const t = useT();
  const mode = useWatch({ control: form.rhf.control, name: 'mode' });
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      <FormSelect
        form={form}
        name="mode"
        label={t('promo.mode')}
        options={[
          { value: 'rate', label: t('promo.mode.rate') },
          { value: 'amount', label: t('promo.mode.amount') },
        ]}
      />
      {mode === 'rate' && (
        <FormText
          form={form}
          name="offPercent"
          label={t('promo.offPercent')}
          hint={t('promo.offPercentHint')}
        />
      )}
      {mode === 'amount' && <FormAmount form={form} name="amount" label={t('promo.amount')} />}
      <FormAmount form={form} name="minSpend" label={t('promo.minSpend')} capitals={false} />
    </div>
  );
}

function TierFields({ form }: { form: Form }) {
  const t = useT();
  const tiers = useFieldArray({ control: form.rhf.control, name: 'giftTiers' });
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{t('promo.tiers')}</legend>
      {tiers.fields.map((f, i) => (
        <div key={f.id} className="grid grid-cols-[1fr_1fr_auto] items-end gap-3">
          <FormNumber
            form={form}
            name={`giftTiers.${i}.minQuantity`}
            label={`${t('promo.tier', { n: i + 1 })} ${t('promo.tierMin')}`}
            min={0}
            step={1}
          />
          <FormNumber
            form={form}
            name={`giftTiers.${i}.giftQuantity`}
            label={`${t('promo.tier', { n: i + 1 })} ${t('promo.tierGift')}`}
            min={0}
            step={1}
          />
          <Button
            variant="ghost"
            aria-label={t('promo.removeTier', { n: i + 1 })}
            onClick={() => tiers.remove(i)}
          >
            ✕
          </Button>
        </div>
      ))}
      {tiers.fields.length < 10 && (
        <Button size="sm" onClick={() => tiers.append({ minQuantity: 10, giftQuantity: 1 })}>
          {t('promo.addTier')}
        </Button>
      )}
    </fieldset>
  );
}

/** Voucher configurations (an activity comes with them) and first-level activities, as options. */
function useOptions(kind: TOfferKind) {
  const coupons = useQuery({
    queryKey: ['promotions', 'couponNames'],
    queryFn: () => sdk.promotions.couponNames(),
    enabled: FIELDS[kind].coupons,
  });
  const parents = useQuery({
    queryKey: ['promotions', 'firstList', 'options'],
    queryFn: () => sdk.promotions.firstList({ body: { pageIdx: 1, pageSize: 500 } }),
    enabled: FIELDS[kind].parent,
  });
  return {
    coupons: (coupons.data ?? []).map((c) => ({ value: c.id, label: c.name })),
    parents: (parents.data?.list ?? [])
      .filter((p) => p.status !== 2)
      .map((p) => ({ value: p.id, label: p.name })),
  };
}

/** The sample order of the preview: a campus, a course and a quantity, kept outside the offer. */
interface Sample {
  schoolItemCode: string;
  courseCode: string;
  quantity: string;
}

function PreviewPanel({ form, kind }: { form: Form; kind: 'discount' | 'gift' | 'voucher' | 'activity' }) {
  const t = useT();
  const values = useWatch({ control: form.rhf.control });
  const [sample, setSample] = useState<Sample>({ schoolItemCode: '', courseCode: '', quantity: '10' });
  // The offer's own first campus and course are the natural sample until one is chosen.
  const campus = sample.schoolItemCode || (values.campusCodes ?? [])[0] || '';
  const course = sample.courseCode || (values.courseCodes ?? [])[0] || '';
  const body = useMemo(() => {
    // As the form's own check reads them: an empty text is no value (the schema's default).
    const offer = OfferInput.safeParse(emptyToAbsent(OfferInput, values));
    const quantity = Number(sample.quantity);
    if (!offer.success || !campus || !course || !(quantity > 0)) return null;
    return { kind, offer: offer.data, schoolItemCode: campus, items: [{ courseCode: course, quantity }] };
  }, [values, kind, campus, course, sample.quantity]);
  const settled = useDebounced(body, 350);
  const q = useQuery({
    queryKey: ['promotions', 'preview', settled.value],
    enabled: settled.value !== null,
    queryFn: ({ signal }) => {
      if (!settled.value) throw new Error('nothing to preview');
      return sdk.promotions.offerPreview({ body: settled.value, signal });
    },
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
  });
  const busy = settled.settling || q.isFetching;
  return (
    <Card title={t('promo.preview')}>
      <section aria-label={t('promo.preview')} className="space-y-3 text-sm">
        <p className="text-muted">{t('promo.previewHint')}</p>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <CampusMasterSelect
            id="promo-preview-campus"
            label={t('promo.campus')}
            value={campus}
            onChange={(v) => setSample((s) => ({ ...s, schoolItemCode: String(v) }))}
          />
          <CourseSelect
            id="promo-preview-course"
            label={t('promo.previewCourse')}
            value={course}
            onChange={(v) => setSample((s) => ({ ...s, courseCode: String(v) }))}
          />
          <TextField
            label={t('promo.previewQuantity')}
            inputMode="decimal"
            value={sample.quantity}
            onChange={(e) => setSample((s) => ({ ...s, quantity: e.target.value }))}
          />
        </div>
        {body === null ? (
          <p className="text-subtle">{t('promo.previewIncomplete')}</p>
        ) : q.isError ? (
          <p role="alert" className="text-danger-700">
            {errorText(q.error)}
          </p>
        ) : q.data ? (
          <>
            <dl className="grid grid-cols-2 gap-x-3 gap-y-1">
              <dt className="text-muted">{t('promo.previewWithout')}</dt>
              <dd className="text-right">
                <MoneyText yuan={q.data.without.payable} />
              </dd>
              <dt className="text-muted">{t('promo.previewSaving')}</dt>
              <dd className="text-right text-success-700">
                <MoneyText yuan={q.data.saving} />
              </dd>
            </dl>
            <PriceBreakdown quote={q.data.with} loading={busy} title={t('promo.previewWith')} />
          </>
        ) : (
          <Spinner size={16} label={t('promo.preview')} />
        )}
      </section>
    </Card>
  );
}

function OfferForm({
  family,
  kind,
  editing,
}: {
  family: Family;
  kind: ScreenKind;
  editing: TOfferDetail | null;
}) {
  const t = useT();
  const navigate = useNavigate();
  const offerKind = offerKindOf(family, kind);
  const f = FIELDS[offerKind];
  const form = useOfferForm(
    offerKind,
    editing,
    (id, name) => void navigate(detailPath(family, kind, { id, name })),
  );
  const options = useOptions(offerKind);
  const preview = previewKind(offerKind);
  const what = t(`promo.kind.${offerKind}`);
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-[3fr_2fr]">
      <Card>
        <FormView form={form} aria-label={editing ? t('promo.edit', { what }) : t('promo.add', { what })}>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <FormText form={form} name="name" label={t('promo.name')} className="sm:col-span-3" />
            <FormDate form={form} name="startDate" label={t('promo.startDate')} />
            <FormDate form={form} name="endDate" label={t('promo.endDate')} />
            {f.validDays && (
              <FormNumber
                form={form}
                name="validDays"
                label={t('promo.validDays')}
                hint={t('promo.validDaysHint')}
                min={0}
                step={1}
              />
            )}
          </div>
          {f.reduction && <ReductionFields form={form} />}
          {f.tiers && <TierFields form={form} />}
          {f.scope && (
            <>
              <FormControl
                form={form}
                name="campusCodes"
                label={t('promo.campusesPick')}
                render={(c) => <CampusesField {...c} />}
              />
              <FormControl
                form={form}
                name="courseCodes"
                label={t('promo.coursesPick')}
                render={(c) => <CoursesField {...c} />}
              />
            </>
          )}
          {f.coupons && options.coupons.length > 0 && (
            <FormCheckGroup
              form={form}
              name="couponIds"
              label={t('promo.coupons')}
              options={options.coupons}
            />
          )}
          {f.parent && (
            <FormSelect
              form={form}
              name="parentId"
              label={t('promo.parent')}
              placeholder={t('promo.none')}
              options={options.parents}
            />
          )}
          <FormTextArea form={form} name="remark" label={t('promo.remark')} />
          <div className="flex gap-2">
            <SubmitButton form={form}>{t('promo.save')}</SubmitButton>
            <Button onClick={() => void navigate(PATHS[family][kind].list)}>{t('promo.cancelEdit')}</Button>
          </div>
        </FormView>
      </Card>
      {preview && <PreviewPanel form={form} kind={preview} />}
    </div>
  );
}

export function OfferEditScreen({ family, kind }: { family: Family; kind: ScreenKind }) {
  const t = useT();
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? '') || null;
  const offerKind = offerKindOf(family, kind);
  const what = t(`promo.kind.${offerKind}`);
  const title = id ? t('promo.edit', { what }) : t('promo.add', { what });
  usePageTitle(title);
  const detail = useQuery({
    queryKey: ['promotions', offerKind, 'detail', id],
    queryFn: () => OFFER_API[offerKind].detail(id ?? 0),
    enabled: id !== null,
  });
  return (
    <>
      <PageHeader title={detail.data ? `${title} · ${detail.data.name}` : title} />
      {id === null ? (
        <OfferForm key="new" family={family} kind={kind} editing={null} />
      ) : detail.isError ? (
        <p role="alert">{errorText(detail.error)}</p>
      ) : detail.data ? (
        <OfferForm
          key={`${detail.data.id}-${detail.data.version}`}
          family={family}
          kind={kind}
          editing={detail.data}
        />
      ) : (
        <Spinner size={20} />
      )}
    </>
  );
}
