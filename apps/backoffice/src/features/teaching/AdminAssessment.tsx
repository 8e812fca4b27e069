// /education/adminAssessment: students' assessments (and clues' entrance assessments) of the user's
// campuses: filters in the URL, newest first, export of the whole filtered result; a row opens the
// assessment (a draft to edit, the rest to read).
import { ASSESSMENT_STATUSES, type TAssessmentRow } from '@bo/api-sdk';
import { Badge, Button } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { ListScreenView, listQuery, type ListScreenDef } from '../../app/list';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { ScreenFrame } from '../settings/ScreenFrame';
import { campusField, periodField } from './listParts';

export default function AdminAssessment() {
  const t = useT();
  const navigate = useNavigate();
  const scales = useQuery({ queryKey: ['assessScaleAll'], queryFn: () => sdk.clueSettings.assessScaleAll() });
  const scaleOptions = useMemo(
    () => (scales.data ?? []).map((s) => ({ value: s.code, label: s.name })),
    [scales.data],
  );
  const def = useMemo<ListScreenDef<TAssessmentRow>>(
    () => ({
      key: 'teachingAssessments',
      what: (tt) => tt('teach.asm.row'),
      rowId: (r) => String(r.id),
      rowName: (r) => `${r.studentName} ${r.scaleName}`,
      searchFields: (tt) => [
        campusField(tt),
        periodField(tt),
        { kind: 'text', name: 'name', label: tt('teach.asm.student') },
        { kind: 'select', name: 'scaleCode', label: tt('teach.asm.scale'), options: scaleOptions },
        {
          kind: 'select',
          name: 'status',
          label: tt('teach.asm.status'),
          options: ASSESSMENT_STATUSES.map((s) => ({ value: s, label: tt(`teach.asm.status.${s}`) })),
        },
      ],
      columns: (tt) => [
        {
          id: 'studentName',
          header: tt('teach.asm.student'),
          fixed: true,
          cell: (r) => (
            <span>
              {r.studentName}
              {r.studentCode && <span className="ml-1 text-xs text-muted">{r.studentCode}</span>}
            </span>
          ),
          exportValue: (r) => r.studentName,
        },
        { id: 'schoolItemName', header: tt('teach.campus') },
        {
          id: 'scaleName',
          header: tt('teach.asm.scale'),
          cell: (r) => (
            <span>
              {r.scaleName}
              {r.origin === 'entrance' && (
                <Badge tone="neutral" className="ml-1">
                  {tt('teach.asm.origin.entrance')}
                </Badge>
              )}
            </span>
          ),
          exportValue: (r) => r.scaleName,
        },
        { id: 'assessorName', header: tt('teach.asm.assessor') },
        { id: 'assessedOn', header: tt('teach.asm.date') },
        {
          id: 'status',
          header: tt('teach.asm.status'),
          cell: (r) => (
            <Badge tone={r.status === 'draft' ? 'warning' : 'success'}>
              {tt(`teach.asm.status.${r.status}`)}
            </Badge>
          ),
          exportValue: (r) => tt(`teach.asm.status.${r.status}`),
        },
        {
          id: 'score',
          header: tt('teach.asm.score'),
          align: 'right',
          exportValue: (r) => r.score ?? '',
        },
      ],
      list: (a) => sdk.teaching.assessmentList({ query: listQuery(a) }),
      rowActions: (tt) => [
        {
          key: 'open',
          label: tt('teach.asm.open'),
          onClick: (r) => navigate(`/education/adminAssessmentNew?id=${r.id}`),
        },
      ],
      toolbar: (tt) => (
        <Button variant="primary" onClick={() => void navigate('/education/adminAssessmentNew')}>
          {tt('teach.asm.new')}
        </Button>
      ),
    }),
    [navigate, scaleOptions],
  );
  return (
    <ScreenFrame description={t('teach.asm.desc')}>
      <ListScreenView def={def} />
    </ScreenFrame>
  );
}
