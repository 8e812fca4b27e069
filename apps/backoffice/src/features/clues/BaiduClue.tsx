// /clues/baiduClue: Baidu, Douyin and H5 leads in tabs (the open tab in ?tab=), each with its totals.
import { Tabs } from '@bo/ui-kit';
import { useSearchParams } from 'react-router';
import { useT } from '../../i18n';
import { ClueFrame } from './common';
import { LeadTab, type LeadSourceKey } from './leads';

const SOURCES: readonly LeadSourceKey[] = ['baidu', 'douyin', 'h5'];

export default function BaiduClue() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const tab = SOURCES.find((s) => s === params.get('tab')) ?? 'baidu';
  return (
    <ClueFrame description={t('lead.desc')}>
      <Tabs
        value={tab}
        onChange={(k) => {
          const next = new URLSearchParams(params);
          next.set('tab', k);
          setParams(next);
        }}
        items={SOURCES.map((s) => ({
          key: s,
          label: t(`lead.source.${s}`),
          content: (
            <div className="pt-3">
              <LeadTab source={s} prefix={s} />
            </div>
          ),
        }))}
      />
    </ClueFrame>
  );
}
