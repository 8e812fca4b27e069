// /students/createStudent: a new case file on one page; saved, it opens the student's details.
import { PageHeader } from '@bo/ui-kit';
import { useT } from '../../i18n';
import { StudentForm } from './StudentForm';

export default function CreateStudent() {
  const t = useT();
  return (
    <div className="space-y-4">
      <PageHeader title={t('stu.newStudent')} description={t('stu.create.desc')} />
      <StudentForm />
    </div>
  );
}
