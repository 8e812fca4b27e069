// /clues/admissionAssessment: clues waiting for (or with) an entrance assessment; each opens /clues/assessmentInner.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ListScreenView } from '../../app/list';
import { useT } from '../../i18n';
import { assessListDef } from './assessList';
import { ClueFrame } from './common';

export default function AdmissionAssessment() {
  const t = useT();
  const navigate = useNavigate();
  const [def] = useState(() =>
    assessListDef(
      'admissionAssessment',
      (r) =>
        void navigate(`/clues/assessmentInner?clueId=${r.clueId}`, {
          state: { title: `${r.childName} · ${t('clue.assessments')}` },
        }),
      (tt) => tt('assess.open'),
    ),
  );
  return (
    <ClueFrame description={t('assess.desc')}>
      <ListScreenView def={def} />
    </ClueFrame>
  );
}
