// /clues/speechScreening: the speech and language screening of visited clues. A screening is an
// entrance-assessment result of type 'speech_screening' (the clues slice owns the results), recorded
// in /clues/assessmentInner with the type preset.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ListScreenView } from '../../app/list';
import { useT } from '../../i18n';
import { assessListDef } from './assessList';
import { ClueFrame } from './common';

export const SPEECH_TYPE = 'speech_screening';

export default function SpeechScreening() {
  const t = useT();
  const navigate = useNavigate();
  const [def] = useState(() =>
    assessListDef(
      'speechScreening',
      (r) =>
        void navigate(`/clues/assessmentInner?clueId=${r.clueId}&type=${SPEECH_TYPE}`, {
          state: { title: `${r.childName} · ${t('assess.speech')}` },
        }),
      (tt) => tt('assess.screen'),
    ),
  );
  return (
    <ClueFrame description={t('assess.speech.desc')}>
      <ListScreenView def={def} />
    </ClueFrame>
  );
}
