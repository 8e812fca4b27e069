// /students/followUp: the follow records of the students in scope (filters in the URL, export of
// the whole filtered result by the server), and a dialog to add one (opened by ?add=<studentId>
// from the case-file list).
import type { TFollowRow } from '@bo/api-sdk';
import { STUDENT_FOLLOW_NODES } from '@bo/api-sdk';
import { Button } from '@bo/ui-kit';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { filterQuery, ListScreenView, listQuery, type ListScreenDef } from '../../app/list';
import { asSearchField, CampusMasterSelect } from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';
import { useLocale, useT } from '../../i18n';
import { ScreenFrame } from '../settings/ScreenFrame';
import { StudentLink } from './columns';
import { FollowDialog } from './FollowForm';
import { DateTimeCell, methodText } from './parts';

export default function FollowUp() {
  const t = useT();
  const [locale] = useLocale();
  const [params, setParams] = useSearchParams();
  const add = params.get('add');
  const adding = add !== null;
  const close = () =>
    setParams(
      (p) => {
        p.delete('add');
        return p;
      },
      { replace: true },
    );
  const def = useMemo<ListScreenDef<TFollowRow>>(
    () => ({
      key: 'studentFollows',
      what: (tt) => tt('stu.follow.title'),
      rowId: (r) => String(r.id),
      searchFields: (tt) => [
        {
          kind: 'text',
          name: 'keyword',
          label: tt('stu.keyword'),
          placeholder: tt('stu.keywordPlaceholder'),
        },
        {
          kind: 'custom',
          name: 'schoolItemCode',
          label: tt('stu.campus'),
          render: asSearchField(CampusMasterSelect),
        },
        {
          kind: 'select',
          name: 'node',
          label: tt('stu.follow.node'),
          options: STUDENT_FOLLOW_NODES.map((n) => ({
            value: n.code,
            label: locale === 'en' ? n.nameEn : n.name,
          })),
        },
        {
          kind: 'dateRange',
          name: 'period',
          label: tt('stu.follow.period'),
          startName: 'from',
          endName: 'to',
        },
      ],
      columns: (tt) => [
        { id: 'createdAt', header: tt('stu.follow.at'), cell: (r) => <DateTimeCell iso={r.createdAt} /> },
        { id: 'studentCode', header: tt('stu.code') },
        {
          id: 'studentName',
          header: tt('stu.name'),
          cell: (r) => <StudentLink row={{ code: r.studentCode, name: r.studentName }} />,
        },
        {
          id: 'schoolItemName',
          header: tt('stu.campus'),
          value: (r) => r.schoolItemName ?? r.schoolItemCode,
        },
        { id: 'nodeName', header: tt('stu.follow.node') },
        { id: 'method', header: tt('stu.follow.method'), value: (r) => methodText(tt, r.method) },
        { id: 'content', header: tt('stu.follow.content') },
        {
          id: 'nextFollowAt',
          header: tt('stu.follow.next'),
          cell: (r) => <DateTimeCell iso={r.nextFollowAt} />,
        },
        { id: 'createdByName', header: tt('stu.follow.by') },
      ],
      list: (a) => sdk.students.followPage({ query: listQuery(a) }),
      serverExport: (f) => sdk.students.followExport({ query: filterQuery(f) }),
      toolbar: (tt) => (
        <Button variant="primary" onClick={() => setParams((p) => (p.set('add', ''), p))}>
          {tt('stu.follow.add')}
        </Button>
      ),
    }),
    [locale, setParams],
  );
  return (
    <ScreenFrame description={t('stu.follow.desc')}>
      <ListScreenView def={def} />
      <FollowDialog open={adding} onClose={close} studentId={add ? Number(add) || null : null} />
    </ScreenFrame>
  );
}
