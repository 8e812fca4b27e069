// /dataStatistics/effectiveness: output per head of the three groups — jt all staff (revenue), kfs
// therapists (revenue of their lessons), gw advisers (money received on the orders they advise) —
// per campus and month, and the employee statistics (heads, hires, hours taught) by campus, post,
// subject, skill rank and rank type. Figures: docs/metrics.md "Efficiency", "Employees".
import { fromCents } from '@bo/domain';
import type { TEfficiencyGroup } from '@bo/api-sdk';
import { Select, formatMoney } from '@bo/ui-kit';
import { useState } from 'react';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import {
  DashboardHeader,
  FigureCards,
  FigureTable,
  Lines,
  useDashboardFilter,
  useFigure,
  type FigureColumn,
} from './parts';

const GROUPS = ['jt', 'kfs', 'gw'] as const;
const hours = (v: number) => v.toFixed(2);

export default function Effectiveness() {
  const t = useT();
  const { filter, set } = useDashboardFilter('year');
  const [group, setGroup] = useState<TEfficiencyGroup>('jt');
  const body = { body: filter };
  const withGroup = { body: { ...filter, group } };
  const summary = useFigure('efficiency', filter, () => sdk.staffFigures.efficiencySummary(body));
  const campuses = useFigure(`efficiencyCampuses-${group}`, filter, () =>
    sdk.staffFigures.efficiencyCampuses(withGroup),
  );
  const history = useFigure(`efficiencyHistory-${group}`, filter, () =>
    sdk.staffFigures.efficiencyHistory(withGroup),
  );
  const employees = useFigure('employees', filter, () => sdk.staffFigures.employeeSummary(body));
  const byCampus = useFigure('employeesCampus', filter, () => sdk.staffFigures.employeeCampuses(body));
  const byRole = useFigure('employeesRole', filter, () => sdk.staffFigures.employeeRoles(body));
  const bySubject = useFigure('employeesSubject', filter, () => sdk.staffFigures.employeeSubjects(body));
  const byLevel = useFigure('employeesLevel', filter, () => sdk.staffFigures.employeeLevels(body));
  const bySkill = useFigure('employeesSkill', filter, () => sdk.staffFigures.employeeSkills(body));
  const s = summary.data;
  const date = s?.period.endDate;
  const quantity = t(`ds.eff.quantity.${group}`);
  type EffRow = NonNullable<typeof campuses.data>['rows'][number];
  const effColumns: FigureColumn<EffRow>[] = [
    { key: 'headcount', label: t('ds.eff.headcount'), value: (r) => r.headcount },
    { key: 'cents', label: t(`ds.eff.output.${group}`), value: (r) => fromCents(r.cents) },
    { key: 'perHeadCents', label: t('ds.eff.perHeadCents'), value: (r) => fromCents(r.perHeadCents) },
    { key: 'quantity', label: quantity, value: (r) => r.quantity },
    { key: 'perHeadQuantity', label: `${quantity} ${t('ds.eff.perHead')}`, value: (r) => r.perHeadQuantity },
  ];
  type EmpRow = NonNullable<typeof byCampus.data>['rows'][number];
  const empColumns: FigureColumn<EmpRow>[] = [
    { key: 'headcount', label: t('ds.eff.headcount'), value: (r) => r.headcount },
    { key: 'newHires', label: t('ds.emp.newHires'), value: (r) => r.newHires },
    { key: 'teachers', label: t('ds.sat.teachers'), value: (r) => r.teachers },
    { key: 'taughtHours', label: t('ds.emp.taughtHours'), value: (r) => hours(r.taughtHours) },
    { key: 'consumedHours', label: t('ds.sc.consumedHours'), value: (r) => hours(r.consumedHours) },
  ];
  const e = employees.data;
  const trend = history.data && {
    months: history.data.months,
    series: [{ key: 'perHead', name: t('ds.eff.perHeadCents'), values: history.data.perHeadCents }],
  };
  return (
    <div className="flex flex-col gap-4">
      <DashboardHeader
        path="/dataStatistics/effectiveness"
        filter={filter}
        set={set}
        period={s?.period}
        mode="year"
      />
      <FigureCards
        loading={summary.isLoading}
        narrow="grid-cols-1"
        grid="md:grid-cols-3"
        cards={s?.groups.map((g) => ({
          key: g.group,
          label: `${t(`ds.eff.group.${g.group}`)} · ${t('ds.eff.perHeadCents')}`,
          value: (
            <span>
              {formatMoney({ cents: g.perHeadCents })}
              <span className="ml-2 text-xs font-normal text-subtle">
                {t('ds.eff.headcount')} {g.headcount} · {t(`ds.eff.quantity.${g.group}`)} {g.perHeadQuantity}
                {t('ds.eff.perHead')}
              </span>
            </span>
          ),
        }))}
      />
      <p className="text-xs text-subtle">{t('ds.eff.hint')}</p>
      <Select
        size="sm"
        label={t('ds.eff.group')}
        value={group}
        options={GROUPS.map((g) => ({ value: g, label: t(`ds.eff.group.${g}`) }))}
        onChange={(v) => v && setGroup(v)}
        wrapperClassName="max-w-xs"
      />
      <div className="grid gap-4 xl:grid-cols-2">
        <Lines title={t('ds.eff.trend')} data={trend} />
        <FigureTable
          title={t('ds.eff.byCampus')}
          rows={campuses.data?.rows}
          total={campuses.data?.total}
          columns={effColumns}
          exportAs={{ name: '人效', date }}
        />
      </div>
      <FigureCards
        grid="md:grid-cols-5"
        cards={
          e && [
            { key: 'headcount', label: t('ds.eff.headcount'), value: e.headcount },
            { key: 'newHires', label: t('ds.emp.newHires'), value: e.newHires },
            { key: 'teachers', label: t('ds.sat.teachers'), value: e.teachers },
            { key: 'taughtHours', label: t('ds.emp.taughtHours'), value: hours(e.taughtHours) },
            { key: 'consumedHours', label: t('ds.sc.consumedHours'), value: hours(e.consumedHours) },
          ]
        }
      />
      <div className="grid gap-4 xl:grid-cols-2">
        {(
          [
            ['ds.emp.byCampus', byCampus.data, '员工统计_校区'],
            ['ds.emp.byRole', byRole.data, '员工统计_岗位'],
            ['ds.emp.bySubject', bySubject.data, '员工统计_科目'],
            ['ds.emp.byLevel', byLevel.data, '员工统计_技能等级'],
            ['ds.emp.bySkill', bySkill.data, '员工统计_技能类型'],
          ] as const
        ).map(([title, data, name]) => (
          <FigureTable
            key={title}
            title={t(title)}
            rows={data?.rows}
            total={data?.total}
            columns={empColumns}
            exportAs={{ name, date }}
          />
        ))}
      </div>
    </div>
  );
}
