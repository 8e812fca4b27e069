// /clues/h5activity: leads of the H5 campaigns (/clue/query/list4H5) with their totals.
import { useT } from '../../i18n';
import { ClueFrame } from './common';
import { LeadTab } from './leads';

export default function H5activity() {
  const t = useT();
  return (
    <ClueFrame description={t('lead.h5.desc')}>
      <LeadTab source="h5" />
    </ClueFrame>
  );
}
