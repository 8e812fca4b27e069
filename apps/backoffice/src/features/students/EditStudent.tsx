// /students/editStudent?code=: the case file loaded into the same form; the version read goes back
// with the save, so a concurrent change is reported (reload) instead of overwritten.
import { EmptyState, PageHeader, Spinner } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/pageTitle';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { StudentForm } from './StudentForm';

export default function EditStudent() {
  const t = useT();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const q = useQuery({
    queryKey: ['students', 'detail', code],
    queryFn: () => sdk.students.studentDetail({ query: { code } }),
    enabled: code !== '',
  });
  usePageTitle(q.data ? `${t('stu.edit')} · ${q.data.name}` : null);
  if (!code) return <EmptyState title={t('stu.edit.missing')} />;
  if (!q.data) return q.isError ? <EmptyState title={t('stu.detail.missing')} /> : <Spinner />;
  return (
    <div className="space-y-4">
      <PageHeader title={`${q.data.name}（${q.data.code}）`} description={t('stu.edit.desc')} />
      <StudentForm key={`${q.data.id}-${q.data.version}`} initial={q.data} onReload={() => q.refetch()} />
    </div>
  );
}
