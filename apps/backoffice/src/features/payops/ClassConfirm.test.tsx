import { render, screen, within } from '@testing-library/react';
import type { TClassHourDetail } from '@bo/api-sdk';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n';
import { screenTest } from '../../app/screenTest';
import { orderMessages } from '../orders/messages';
import { ClassConfirmSubject } from './ClassConfirm';
import { payopsMessages } from './messages';

vi.mock('../../app/sdk', () => ({ sdk: {}, errorText: (e: unknown) => String(e) }));

const lesson = (lessonId: number, lessonDate: string) => ({
  lessonId,
  lessonDate,
  time: '12:00-13:00',
  courseCode: 'C001',
  courseName: '语言训练',
  kind: 'oneToOne',
  hours: 1,
  students: 1,
  paidAttendances: 1,
  confirmed: true,
  problem: null,
  confirmation: { id: 8, approvalId: 81, status: 5, kind: 'supplementary' as const },
});

/** A supplementary confirmation of two lessons confirmed after the month's original (four lessons) passed. */
const detail: TClassHourDetail = {
  id: 81,
  status: 5,
  subjectId: 8,
  subjectCode: 'E0005',
  subjectName: '陈思远 2026-11（补充）',
  schoolItemCode: 'SH01',
  schoolItemName: '上海一校',
  toSchoolItemCode: null,
  reason: '补充',
  requestedBy: 5,
  requestedByName: '陈思远',
  requestedAt: '2026-11-20T04:00:00.000Z',
  stepName: '中心主任审批',
  decidedAt: null,
  comment: null,
  canDecide: true,
  version: 1,
  confirmationId: 8,
  confirmationStatus: 5,
  confirmationKind: 'supplementary',
  teacherCode: 'E0005',
  teacherName: '陈思远',
  year: 2026,
  month: 11,
  lessonCount: 2,
  hours: 2,
  steps: [],
  awaited: [],
  whyNot: null,
  step: 1,
  history: [],
  canCancel: false,
  canRevoke: false,
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  lessons: [lesson(105, '2026-11-18'), lesson(106, '2026-11-19')],
  periodConfirmations: [
    {
      confirmationId: 7,
      approvalId: 71,
      kind: 'original',
      status: 20,
      lessonCount: 4,
      hours: 4,
      lessonIds: [101, 102, 103, 104],
    },
    {
      confirmationId: 8,
      approvalId: 81,
      kind: 'supplementary',
      status: 5,
      lessonCount: 2,
      hours: 2,
      lessonIds: [105, 106],
    },
  ],
};

describe('class-hour confirmation detail', () => {
  screenTest({ messages: [payopsMessages, orderMessages], waitMs: 5000 });

  it('shows a supplementary confirmation with exactly its lessons and the period’s original beside it', () => {
    render(
      <I18nProvider>
        <ClassConfirmSubject d={detail} />
      </I18nProvider>,
    );
    expect(screen.getByText('补充确认')).toBeTruthy();
    const own = screen.getByRole('table', { name: '课节数' });
    expect(
      within(own)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell').at(-1)?.textContent),
    ).toEqual(['#105', '#106']);
    const period = screen.getByRole('table', { name: '本期课时确认' });
    const rows = within(period)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['原始确认 #71', '已通过', '4', '4', '#101 #102 #103 #104'],
      ['补充确认 #81（本单）', '待审批', '2', '2', '#105 #106'],
    ]);
  });
});
