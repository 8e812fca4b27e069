// The case-file form of /students/createStudent and /students/editStudent: basic, rehabilitation
// and service sections on one page, the contract's schema checking every field.
import { StudentSave, type TStudentDetail } from '@bo/api-sdk';
import {
  Button,
  Card,
  FormCheckbox,
  FormDate,
  FormSelect,
  FormText,
  FormTextArea,
  FormView,
  SubmitButton,
} from '@bo/ui-kit';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { useNavigate } from 'react-router';
import { useCommandForm } from '../../app/form';
import { FormAdviserSelect, FormCampusSelect } from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { detailPath, genderOptions, statusText } from './parts';

type Values = z.input<typeof StudentSave>;

const EMPTY: Values = {
  name: '',
  gender: 0,
  birthDate: '',
  parentName: '',
  relation: '',
  phone: '',
  phone2: '',
  address: '',
  schoolItemCode: '',
  insurance: false,
  adviserId: null,
  schoolName: '',
  grade: '',
  diagnosis: '',
  diagnosisHospital: '',
  diagnosisDate: '',
  disabilityCertificate: '',
  assessmentSummary: '',
  rehabHistory: '',
  allergies: '',
  serviceEndDate: '',
  remark: '',
};

/** The form values of a loaded case file (the version read rides along for the server's check). */
export function toValues(d: TStudentDetail): Values {
  return {
    id: d.id,
    version: d.version,
    status: d.status === 20 || d.status === 30 ? d.status : 10,
    name: d.name,
    gender: d.gender === 1 || d.gender === 2 ? d.gender : 0,
    birthDate: d.birthDate ?? '',
    parentName: d.parentName,
    relation: d.relation,
    phone: d.phone,
    phone2: d.phone2 ?? '',
    address: d.address,
    schoolItemCode: d.schoolItemCode,
    insurance: d.insurance,
    adviserId: d.adviserId,
    schoolName: d.schoolName,
    grade: d.grade,
    diagnosis: d.diagnosis,
    diagnosisHospital: d.diagnosisHospital,
    diagnosisDate: d.diagnosisDate ?? '',
    disabilityCertificate: d.disabilityCertificate,
    assessmentSummary: d.assessmentSummary,
    rehabHistory: d.rehabHistory,
    allergies: d.allergies,
    serviceEndDate: d.serviceEndDate ?? '',
    remark: d.remark,
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card title={title}>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">{children}</div>
    </Card>
  );
}

export function StudentForm({ initial, onReload }: { initial?: TStudentDetail; onReload?: () => unknown }) {
  const t = useT();
  const navigate = useNavigate();
  const editing = initial !== undefined;
  const form = useCommandForm({
    schema: StudentSave,
    defaultValues: initial ? toValues(initial) : EMPTY,
    values: initial ? toValues(initial) : undefined,
    success: editing ? t('stu.saved') : t('stu.created'),
    onReload,
    onSubmit: (body) => (editing ? sdk.students.saveOrEdit({ body }) : sdk.students.insertStudent({ body })),
    onDone: (saved) => navigate(detailPath(saved)),
  });
  const campus = form.rhf.watch('schoolItemCode');
  return (
    <FormView form={form} aria-label={editing ? t('stu.edit') : t('stu.newStudent')} className="space-y-4">
      <Section title={t('stu.section.basic')}>
        <FormText form={form} name="name" label={t('stu.name')} />
        <FormSelect form={form} name="gender" label={t('stu.gender')} options={genderOptions(t)} />
        <FormDate form={form} name="birthDate" label={t('stu.birthDate')} />
        <FormText form={form} name="parentName" label={t('stu.parentName')} />
        <FormText form={form} name="relation" label={t('stu.relation')} />
        <FormText form={form} name="phone" label={t('stu.phone')} type="tel" inputMode="tel" />
        <FormText form={form} name="phone2" label={t('stu.phone2')} type="tel" />
        <FormCampusSelect form={form} name="schoolItemCode" label={t('stu.campus')} />
        <FormAdviserSelect
          form={form}
          name="adviserId"
          label={t('stu.adviser')}
          campus={typeof campus === 'string' ? campus : ''}
          disabled={!campus}
          placeholder={t('stu.noAdviser')}
        />
        {editing && (
          <FormSelect
            form={form}
            name="status"
            label={t('stu.status')}
            options={[10, 20, 30].map((s) => ({ value: s, label: statusText(t, s) }))}
          />
        )}
        <FormText form={form} name="address" label={t('stu.address')} className="sm:col-span-2" />
        <FormCheckbox form={form} name="insurance" label={t('stu.insurance')} />
      </Section>
      <Section title={t('stu.section.rehab')}>
        <FormText form={form} name="diagnosis" label={t('stu.diagnosis')} />
        <FormText form={form} name="diagnosisHospital" label={t('stu.diagnosisHospital')} />
        <FormDate form={form} name="diagnosisDate" label={t('stu.diagnosisDate')} />
        <FormText form={form} name="disabilityCertificate" label={t('stu.disabilityCertificate')} />
        <FormText form={form} name="schoolName" label={t('stu.schoolName')} />
        <FormText form={form} name="grade" label={t('stu.grade')} />
        <FormTextArea form={form} name="assessmentSummary" label={t('stu.assessmentSummary')} rows={3} />
        <FormTextArea form={form} name="rehabHistory" label={t('stu.rehabHistory')} rows={3} />
        <FormTextArea form={form} name="allergies" label={t('stu.allergies')} rows={3} />
      </Section>
      <Section title={t('stu.section.service')}>
        <FormDate form={form} name="serviceEndDate" label={t('stu.serviceEndDate')} />
        <FormTextArea form={form} name="remark" label={t('stu.remark')} rows={2} className="sm:col-span-2" />
      </Section>
      <div className="flex justify-end gap-2">
        <Button onClick={() => navigate(-1)}>{t('list.cancel')}</Button>
        <SubmitButton form={form}>{t('stu.create.submit')}</SubmitButton>
      </div>
    </FormView>
  );
}
