// /dataStatistics/saturationRate: how full teachers and classrooms are — booked clock hours against
// the hours their campus is open — by month, with the top tens, the campus, region, room, teacher and
// skill-level tables (each exported as shown), the lessons behind a campus, and last night's
// snapshot. Figures: docs/metrics.md "Saturation".
import type { TLoadRow } from '@bo/api-sdk';
import { Select } from '@bo/ui-kit';
import { useState } from 'react';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import {
  DashboardHeader,
  DrillPanel,
  FigureCards,
  FigureTable,
  Lines,
  Proportion,
  useDashboardFilter,
  useDrill,
  useFigure,
  type FigureColumn,
} from './parts';
import { useFigureName } from './figureNames';

const hours = (v: number) => v.toFixed(2);
const pct = (v: number) => `${v.toFixed(2)}%`;
type Load = { availableHours: number; bookedHours: number; rate: number };

export default function SaturationRate() {
  const t = useT();
  const figureName = useFigureName();
  const { filter, set } = useDashboardFilter('month');
  const drill = useDrill();
  const q = { query: filter };
  const [subjectId, setSubjectId] = useState<number | ''>('');
  const summary = useFigure('saturation', filter, () => sdk.staffFigures.saturationSummary(q));
  const trend = useFigure('saturationTrend', filter, () => sdk.staffFigures.saturationMonthlyTrend(q));
  const topTeachers = useFigure('saturationTopTeachers', filter, () =>
    sdk.staffFigures.saturationTopTeachers(q),
  );
  const topRooms = useFigure('saturationTopRooms', filter, () => sdk.staffFigures.saturationTopRooms(q));
  const campuses = useFigure('saturationCampuses', filter, () => sdk.staffFigures.saturationDirectorBoard(q));
  const teachers = useFigure('saturationTeachers', filter, () => sdk.staffFigures.saturationManagerBoard(q));
  const rooms = useFigure('saturationRooms', filter, () => sdk.staffFigures.saturationRooms(q));
  const areaTeachers = useFigure('saturationAreaTeachers', filter, () =>
    sdk.staffFigures.saturationAreaTeachers(q),
  );
  const areaRooms = useFigure('saturationAreaRooms', filter, () => sdk.staffFigures.saturationAreaRooms(q));
  const bands = useFigure('saturationBands', filter, () => sdk.staffFigures.saturationRoomBands(q));
  const subjects = useFigure('saturationSubjects', filter, () => sdk.staffFigures.saturationSubjects(q));
  const levels = useFigure(`saturationLevels-${subjectId}`, filter, () =>
    sdk.staffFigures.saturationLevelsBySubject({
      query: { ...filter, subjectId: subjectId === '' ? undefined : subjectId },
    }),
  );
  const snapshot = useFigure('saturationSnapshot', filter, () =>
    sdk.staffFigures.saturationSnapshot({
      query: { provinceTypeCode: filter.provinceTypeCode, schoolItemCode: filter.schoolItemCode },
    }),
  );
  type CampusRow = NonNullable<typeof campuses.data>['rows'][number];
  const s = summary.data;
  const date = s?.period.endDate;
  const loadColumns: FigureColumn<TLoadRow>[] = [
    { key: 'rate', label: t('ds.sat.rate'), value: (r) => pct(r.rate) },
    { key: 'booked', label: t('ds.sat.booked'), value: (r) => hours(r.bookedHours) },
    { key: 'available', label: t('ds.sat.available'), value: (r) => hours(r.availableHours) },
    { key: 'lessons', label: t('ds.ov.lessons'), value: (r) => r.lessons },
  ];
  const withCampus: FigureColumn<TLoadRow>[] = [
    { key: 'campus', label: t('ds.campus'), value: (r) => r.schoolItemName },
    ...loadColumns,
  ];
  const loadCols = (
    prefix: string,
    label: string,
    pick: (r: CampusRow) => Load,
  ): FigureColumn<CampusRow>[] => [
    { key: `${prefix}Rate`, label: `${label} ${t('ds.sat.rate')}`, value: (r) => pct(pick(r).rate) },
    {
      key: `${prefix}Booked`,
      label: `${label} ${t('ds.sat.booked')}`,
      value: (r) => hours(pick(r).bookedHours),
      drill: prefix === 'teacher' ? 'lessons' : undefined,
    },
    {
      key: `${prefix}Available`,
      label: `${label} ${t('ds.sat.available')}`,
      value: (r) => hours(pick(r).availableHours),
    },
  ];
  const campusColumns: FigureColumn<CampusRow>[] = [
    { key: 'teachers', label: t('ds.sat.teachers'), value: (r) => r.teachers },
    ...loadCols('teacher', t('ds.sat.teacher'), (r) => r.teacher),
    { key: 'rooms', label: t('ds.sat.rooms'), value: (r) => r.rooms },
    ...loadCols('room', t('ds.sat.room'), (r) => r.room),
  ];
  return (
    <div className="flex flex-col gap-4">
      <DashboardHeader
        path="/dataStatistics/saturationRate"
        filter={filter}
        set={set}
        period={s?.period}
        mode="month"
      />
      <FigureCards
        loading={summary.isLoading}
        drill={drill}
        cards={
          s && [
            { key: 'teacherRate', label: t('ds.sat.teacherRate'), value: pct(s.teacher.rate) },
            {
              key: 'teacherHours',
              label: t('ds.sat.teacherHours'),
              value: `${hours(s.teacher.bookedHours)} / ${hours(s.teacher.availableHours)}`,
            },
            { key: 'teachers', label: t('ds.sat.teachers'), value: s.teachers },
            { key: 'lessons', label: t('ds.ov.lessons'), value: s.lessons, drill: 'lessons' },
            { key: 'roomRate', label: t('ds.sat.roomRate'), value: pct(s.room.rate) },
            {
              key: 'roomHours',
              label: t('ds.sat.roomHours'),
              value: `${hours(s.room.bookedHours)} / ${hours(s.room.availableHours)}`,
            },
            { key: 'rooms', label: t('ds.sat.rooms'), value: s.rooms },
          ]
        }
      />
      <p className="text-xs text-subtle">{t('ds.sat.hint')}</p>
      <DrillPanel filter={filter} drill={drill} figureName={figureName} />
      <div className="grid gap-4 xl:grid-cols-2">
        <Lines
          title={t('ds.sat.trend')}
          data={
            trend.data && {
              ...trend.data,
              series: trend.data.series.filter((x) => x.key === 'teacher' || x.key === 'room'),
            }
          }
          money={false}
        />
        <Proportion
          title={t('ds.sat.roomBands')}
          data={
            bands.data && { rows: bands.data.rows.map((b) => ({ key: b.key, name: b.name, value: b.count })) }
          }
        />
        <FigureTable
          title={t('ds.sat.topTeachers')}
          rows={topTeachers.data?.rows}
          columns={withCampus}
          exportAs={{ name: '教师饱和度前十', date }}
        />
        <FigureTable
          title={t('ds.sat.topRooms')}
          rows={topRooms.data?.rows}
          columns={withCampus}
          exportAs={{ name: '教室饱和度前十', date }}
        />
      </div>
      <FigureTable
        title={t('ds.sat.byCampus')}
        rows={campuses.data?.rows}
        total={campuses.data?.total}
        columns={campusColumns}
        onDrill={drill.open}
        exportAs={{ name: '校区饱和度', date }}
      />
      <div className="grid gap-4 xl:grid-cols-2">
        <FigureTable
          title={t('ds.sat.areaTeachers')}
          rows={areaTeachers.data?.rows}
          total={areaTeachers.data?.total}
          columns={loadColumns}
          exportAs={{ name: '区域教师饱和度', date }}
        />
        <FigureTable
          title={t('ds.sat.areaRooms')}
          rows={areaRooms.data?.rows}
          total={areaRooms.data?.total}
          columns={loadColumns}
          exportAs={{ name: '区域教室饱和度', date }}
        />
      </div>
      <FigureTable
        title={t('ds.sat.teacherTable')}
        rows={teachers.data?.rows}
        total={teachers.data?.total}
        columns={withCampus}
        exportAs={{ name: '教师饱和度', date }}
      />
      <FigureTable
        title={t('ds.sat.roomTable')}
        rows={rooms.data?.rows}
        total={rooms.data?.total}
        columns={withCampus}
        exportAs={{ name: '教室饱和度', date }}
      />
      <div className="flex flex-col gap-2">
        <Select
          size="sm"
          label={t('ds.sat.subject')}
          value={subjectId}
          placeholder={t('ds.sat.allSubjects')}
          options={(subjects.data?.rows ?? []).map((x) => ({
            value: x.id,
            label: `${x.name} (${x.teachers})`,
          }))}
          onChange={setSubjectId}
          wrapperClassName="max-w-xs"
        />
        <FigureTable
          title={t('ds.sat.byLevel')}
          rows={levels.data?.rows}
          total={levels.data?.total}
          columns={loadColumns}
          exportAs={{ name: '技能等级饱和度', date }}
        />
      </div>
      <FigureTable
        title={`${t('ds.sat.snapshot')} ${snapshot.data?.day ?? ''}`}
        rows={snapshot.data?.rows
          .filter((r) => r.teacherCode === '')
          .map((r) => ({ ...r, key: r.schoolItemCode, name: r.schoolItemName }))}
        columns={[
          { key: 'teachers', label: t('ds.sat.teachers'), value: (r) => r.teachers },
          { key: 'teacherRate', label: t('ds.sat.teacherRate'), value: (r) => pct(r.teacher.rate) },
          { key: 'rooms', label: t('ds.sat.rooms'), value: (r) => r.rooms },
          { key: 'roomRate', label: t('ds.sat.roomRate'), value: (r) => pct(r.room.rate) },
        ]}
        exportAs={{ name: '饱和度快照', date: snapshot.data?.day }}
      />
    </div>
  );
}
