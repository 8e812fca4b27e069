// /clues/analyseClue: the clue reports as tabs over one filter bar (decisions.md "Clue analysis").
import { Select, Tabs, TextField } from '@bo/ui-kit';
import { useState } from 'react';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { ScreenFrame } from '../settings/ScreenFrame';
import { reportApi, type Filter, type ReportKind } from './api';
import { FilterBar, useUrlFilter } from './FilterBar';
import { ReportView } from './ReportView';

const TABS: ReadonlyArray<ReportKind | 'workCondition'> = [
  'school',
  'channel',
  'highSea',
  'activity',
  'search',
  'call',
  'hook',
  'goods',
  'workCondition',
];

export function ReportTab({ kind, filter }: { kind: ReportKind; filter: Filter }) {
  const t = useT();
  const api = reportApi[kind];
  return (
    <ReportView
      title={t(`ca.tab.${kind}`)}
      queryKey={['clueAnalysis', kind, filter]}
      load={() => api.get(filter)}
      exportFile={() => api.excel(filter)}
      detail={(key, metric, pageIdx) => api.detail({ ...filter, key, metric, pageIdx, pageSize: 20 })}
      stacked={kind === 'hook'}
    />
  );
}

function WorkCondition({ filter }: { filter: Filter }) {
  const t = useT();
  const [date, setDate] = useState('');
  const [period, setPeriod] = useState<'day' | 'week'>('day');
  const query = {
    date: date || undefined,
    period,
    provinceTypeCode: filter.provinceTypeCode,
    schoolItemCode: filter.schoolItemCode,
  };
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-end gap-3">
        <TextField
          type="date"
          size="sm"
          label={t('ca.filter.date')}
          value={date}
          onChange={(e) => setDate(e.target.value)}
        />
        <Select<'day' | 'week'>
          size="sm"
          label={t('ca.filter.period')}
          value={period}
          onChange={(v) => setPeriod(v || 'day')}
          options={[
            { value: 'day', label: t('ca.filter.day') },
            { value: 'week', label: t('ca.filter.week') },
          ]}
        />
      </div>
      <ReportView
        title={t('ca.tab.workCondition')}
        queryKey={['clueAnalysis', 'workCondition', query]}
        load={() => sdk.clueAnalysis.workCondition({ query })}
      />
    </div>
  );
}

export default function AnalyseClue() {
  const t = useT();
  const { filter, setFilter, tab, setTab } = useUrlFilter('school');
  return (
    <ScreenFrame description={<FilterBar value={filter} onChange={setFilter} />}>
      <Tabs
        value={tab}
        onChange={setTab}
        items={TABS.map((k) => ({
          key: k,
          label: t(`ca.tab.${k}`),
          content:
            k === 'workCondition' ? (
              <WorkCondition filter={filter} />
            ) : (
              <ReportTab kind={k} filter={filter} />
            ),
        }))}
      />
    </ScreenFrame>
  );
}
