// /clues/recommendStatic: the referral (recommender) report.
import { useState } from 'react';
import { ScreenFrame } from '../settings/ScreenFrame';
import type { Filter } from './api';
import { ReportTab } from './AnalyseClue';
import { FilterBar } from './FilterBar';

export default function RecommendStatic() {
  const [filter, setFilter] = useState<Filter>({});
  return (
    <ScreenFrame description={<FilterBar value={filter} onChange={setFilter} />}>
      <ReportTab kind="recommender" filter={filter} />
    </ScreenFrame>
  );
}
