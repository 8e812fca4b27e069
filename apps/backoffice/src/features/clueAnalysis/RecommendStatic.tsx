// /clues/recommendStatic: the referral (recommender) report.
import { ScreenFrame } from '../settings/ScreenFrame';
import { ReportTab } from './AnalyseClue';
import { FilterBar, useUrlFilter } from './FilterBar';

export default function RecommendStatic() {
  const { filter, setFilter } = useUrlFilter();
  return (
    <ScreenFrame description={<FilterBar value={filter} onChange={setFilter} />}>
      <ReportTab kind="recommender" filter={filter} />
    </ScreenFrame>
  );
}
