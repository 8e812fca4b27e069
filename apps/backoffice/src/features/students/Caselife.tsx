// /students/caselife and /financial/caselife: one student's whole money and hours history on one
// page — pick the student (or arrive with ?studentId=), then totals and every movement.
import { EmptyState, PageHeader, Card } from '@bo/ui-kit';
import { useSearchParams } from 'react-router';
import { useT } from '../../i18n';
import { LifetimeView, useLifetime } from './Lifetime';
import { StudentPicker } from './parts';

export default function Caselife() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('studentId') ?? '') || null;
  const life = useLifetime(id);
  const choose = (next: number | null) =>
    setParams(
      (p) => {
        if (next === null) p.delete('studentId');
        else p.set('studentId', String(next));
        return p;
      },
      { replace: true },
    );
  const s = life.data?.student;
  return (
    <div className="space-y-4">
      <PageHeader
        title={s ? `${t('stu.life.open')} · ${s.name}（${s.code}）` : t('stu.life.open')}
        description={t('stu.life.desc')}
      />
      <Card>
        <StudentPicker value={id} onChange={choose} />
      </Card>
      <Card>
        {id === null ? <EmptyState title={t('stu.life.choose')} /> : <LifetimeView studentId={id} />}
      </Card>
    </div>
  );
}
