// Moving the chosen lessons together: shift by days, a new time, teacher or room. The preview lists
// every lesson with where it goes and what collides there; moving is offered only when nothing
// collides, and the server moves all of them or none.
import { BatchAdjust, type TLessonRow } from '@bo/api-sdk';
import { Button, FormDialog, FormNumber, FormTime } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCommandForm } from '../../app/form';
import { FormTeacherSelect } from '../../app/masterSelectors';
import { errorText, sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { ConflictPreviewTable } from './ConflictPreview';
import { FormRoomSelect } from './listParts';

type Preview = Awaited<ReturnType<typeof sdk.teaching.planBatchPreview>>;
const Form = BatchAdjust.omit({ ids: true });

export function BatchAdjustDialog({
  campus,
  lessons,
  onClose,
}: {
  campus: string;
  lessons: TLessonRow[];
  onClose: () => void;
}) {
  const t = useT();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const ids = lessons.map((l) => l.id);
  const rooms = useQuery({
    queryKey: ['teaching', 'rooms', campus],
    queryFn: () => sdk.teaching.classroomList({ query: { schoolItemCode: campus, validStatus: 1 } }),
  });
  const form = useCommandForm({
    schema: Form,
    defaultValues: { shiftDays: 0 },
    onSubmit: (v) => sdk.teaching.planBatchAdjust({ body: { ...v, ids } }),
    success: t('teach.moved'),
    onDone: onClose,
  });
  const runPreview = form.rhf.handleSubmit(async (v) => {
    setPreviewError(null);
    try {
      setPreview(await sdk.teaching.planBatchPreview({ body: { ...v, ids } }));
    } catch (e) {
      setPreview(null);
      setPreviewError(errorText(e));
    }
  });
  // A change of the form makes the preview stale: it must be seen again before moving.
  const watched = JSON.stringify(form.rhf.watch());
  const [seenFor, setSeenFor] = useState('');
  const fresh = seenFor === watched;
  const roomName = (id: number | null) => rooms.data?.find((r) => r.id === id)?.name ?? '—';

  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={`${t('teach.batchAdjust')}（${lessons.length}）`}
      size="xl"
      columns={2}
      submitText={t('teach.apply')}
      submitDisabled={!(fresh && preview?.ok)}
    >
      <FormNumber form={form} name="shiftDays" label={t('teach.shiftDays')} min={-366} max={366} />
      <FormTeacherSelect
        form={form}
        name="teacherCode"
        label={t('teach.newTeacher')}
        placeholder={t('teach.keep')}
        empty="absent"
      />
      <FormTime form={form} name="startTime" label={t('teach.newStart')} />
      <FormTime form={form} name="endTime" label={t('teach.newEnd')} />
      <FormRoomSelect
        form={form}
        name="classroomId"
        label={t('teach.newRoom')}
        campus={campus}
        placeholder={t('teach.keep')}
      />
      <div className="flex items-end">
        <Button
          onClick={() =>
            void runPreview().then(() => {
              setSeenFor(watched);
            })
          }
        >
          {t('teach.preview')}
        </Button>
      </div>
      {previewError && (
        <p role="alert" className="text-sm text-danger-600 sm:col-span-2">
          {previewError}
        </p>
      )}
      {preview && (
        <ConflictPreviewTable
          className="max-h-72 sm:col-span-2"
          rows={preview.rows}
          rowKey={(r) => r.id}
          columns={[
            { label: t('teach.course'), cell: (r) => r.courseName },
            {
              label: t('teach.date'),
              nowrap: true,
              cell: (r) => `${r.from.lessonDate} ${r.from.startTime}–${r.from.endTime}`,
            },
            {
              label: t('teach.moveTo'),
              nowrap: true,
              cell: (r) =>
                `${r.to.lessonDate} ${r.to.startTime}–${r.to.endTime} · ${r.to.teacherCode} · ${roomName(r.to.classroomId)}`,
            },
          ]}
        />
      )}
    </FormDialog>
  );
}
