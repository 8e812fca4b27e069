// /operation/feedback: feedback from staff, filtered by status and keyword; a handler replies and marks it handled.
import type { z } from 'zod';
import { contract, type FeedbackStatus } from '@bo/api-sdk';
import {
  Badge,
  Button,
  Card,
  Dialog,
  EmptyState,
  FormDialog,
  FormTextArea,
  Icon,
  PageHeader,
  Select,
  Spinner,
  TextField,
} from '@bo/ui-kit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { bodyOf, useCommandForm } from '../../app/form';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { FeedbackDialog } from '../shell/FeedbackDialog';

type Status = z.infer<typeof FeedbackStatus>;
const PAGE_SIZE = 20;

function when(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString('zh-CN', { hour12: false });
}

const Reply = bodyOf(contract.feedback.update);

function Detail({ code, onClose }: { code: string; onClose: () => void }) {
  const t = useT();
  const q = useQuery({
    queryKey: ['feedback', 'detail', code],
    queryFn: () => sdk.feedback.detail({ query: { code } }),
  });
  if (q.data) return <ReplyDialog feedback={q.data} onClose={onClose} />;
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('op.feedback.detailTitle')}
      size="lg"
      closeLabel={t('common.close')}
    >
      <div className="flex h-32 items-center justify-center text-brand-500">
        <Spinner />
      </div>
    </Dialog>
  );
}

type TFeedbackDetail = Awaited<ReturnType<typeof sdk.feedback.detail>>;

/** The feedback, its files and the reply; saving marks it handled (or opens it again). */
function ReplyDialog({ feedback: d, onClose }: { feedback: TFeedbackDetail; onClose: () => void }) {
  const t = useT();
  const form = useCommandForm({
    schema: Reply,
    defaultValues: { code: d.code, status: 'handled', reply: d.reply, version: d.version },
    onSubmit: (body) => sdk.feedback.update({ body }),
    success: t('op.feedback.saved'),
    onDone: onClose,
  });
  const saving = form.rhf.watch('status');
  const submitAs = (status: Status) => {
    form.rhf.setValue('status', status);
    void form.submit();
  };
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={t('op.feedback.detailTitle')}
      size="lg"
      actions={
        <>
          {d.status === 'handled' ? (
            <Button
              loading={form.busy && saving === 'open'}
              disabled={form.busy}
              onClick={() => submitAs('open')}
            >
              {t('op.feedback.reopen')}
            </Button>
          ) : null}
          <Button
            variant="primary"
            loading={form.busy && saving === 'handled'}
            disabled={form.busy}
            onClick={() => submitAs('handled')}
          >
            {d.status === 'handled' ? t('common.save') : t('op.feedback.markHandled')}
          </Button>
        </>
      }
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted">
        <Badge tone={d.status === 'handled' ? 'success' : 'warning'} dot>
          {t(`op.feedback.status.${d.status}`)}
        </Badge>
        <span>
          {t('op.feedback.createdBy')}: {d.createdByName}
        </span>
        <span>
          {t('op.feedback.createdAt')}: {when(d.createdAt)}
        </span>
        {d.handledByName && (
          <span>
            {t('op.feedback.handledBy')}: {d.handledByName}
          </span>
        )}
      </div>
      <p className="rounded-lg bg-canvas p-3 text-sm whitespace-pre-wrap text-ink">{d.content}</p>
      <div>
        <p className="mb-1.5 text-xs font-medium text-ink-2">{t('op.feedback.files')}</p>
        {d.files.length === 0 ? (
          <p className="text-xs text-subtle">{t('op.feedback.noFiles')}</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {d.files.map((f) => (
              <li key={f.id}>
                <a
                  href={f.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1.5 rounded-md border border-line px-2 py-1 text-xs text-brand-600 hover:bg-brand-50"
                >
                  <Icon name="file" size={13} />
                  {f.name}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
      <FormTextArea
        form={form}
        name="reply"
        label={t('op.feedback.reply')}
        placeholder={t('op.feedback.replyPlaceholder')}
        rows={4}
      />
    </FormDialog>
  );
}

export default function Feedback() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const status = (params.get('status') ?? '') as Status | '';
  const keyword = params.get('keyword') ?? '';
  const pageIdx = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const [draft, setDraft] = useState(keyword);
  const [open, setOpen] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  const q = useQuery({
    queryKey: ['feedback', 'list', status, keyword, pageIdx],
    queryFn: () =>
      sdk.feedback.list({
        query: { pageIdx, pageSize: PAGE_SIZE, status: status || undefined, keyword: keyword || undefined },
      }),
    placeholderData: keepPreviousData,
  });

  const update = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };

  const pages = Math.max(1, Math.ceil((q.data?.total ?? 0) / PAGE_SIZE));

  return (
    <div className="space-y-4">
      <PageHeader
        title={t('op.feedback.title')}
        description={t('op.feedback.description')}
        actions={
          <Button variant="primary" icon={<Icon name="plus" size={14} />} onClick={() => setCreating(true)}>
            {t('op.feedback.new')}
          </Button>
        }
      />
      <Card padded={false}>
        <form
          className="flex flex-wrap items-end gap-3 border-b border-line p-4"
          onSubmit={(e) => {
            e.preventDefault();
            update({ keyword: draft.trim(), page: '' });
          }}
        >
          <TextField
            label={t('op.feedback.keyword')}
            placeholder={t('op.feedback.keywordPlaceholder')}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            wrapperClassName="w-60"
          />
          <Select
            label={t('op.feedback.status')}
            value={status}
            onChange={(v) => update({ status: v, page: '' })}
            placeholder={t('common.all')}
            options={[
              { value: 'open', label: t('op.feedback.status.open') },
              { value: 'handled', label: t('op.feedback.status.handled') },
            ]}
            wrapperClassName="w-36"
          />
          <Button type="submit" variant="primary" icon={<Icon name="search" size={14} />}>
            {t('common.search')}
          </Button>
          <Button
            onClick={() => {
              setDraft('');
              setParams(new URLSearchParams(), { replace: true });
            }}
          >
            {t('common.reset')}
          </Button>
        </form>
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-line bg-canvas/60 text-left text-xs text-muted">
                <th scope="col" className="px-4 py-2.5 font-medium">
                  {t('op.feedback.content')}
                </th>
                <th scope="col" className="w-20 px-4 py-2.5 font-medium">
                  {t('op.feedback.files')}
                </th>
                <th scope="col" className="w-28 px-4 py-2.5 font-medium">
                  {t('op.feedback.createdBy')}
                </th>
                <th scope="col" className="w-44 px-4 py-2.5 font-medium">
                  {t('op.feedback.createdAt')}
                </th>
                <th scope="col" className="w-24 px-4 py-2.5 font-medium">
                  {t('op.feedback.status')}
                </th>
                <th scope="col" className="w-20 px-4 py-2.5 font-medium">
                  {t('common.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {q.data?.list.map((r) => (
                <tr key={r.code} className="border-b border-line last:border-0 hover:bg-hover/60">
                  <td className="max-w-0 px-4 py-2.5">
                    <p className="truncate text-ink" title={r.content}>
                      {r.content}
                    </p>
                  </td>
                  <td className="px-4 py-2.5 tabular-nums text-muted">{r.fileCount}</td>
                  <td className="px-4 py-2.5">{r.createdByName}</td>
                  <td className="px-4 py-2.5 tabular-nums text-muted">{when(r.createdAt)}</td>
                  <td className="px-4 py-2.5">
                    <Badge tone={r.status === 'handled' ? 'success' : 'warning'} dot>
                      {t(`op.feedback.status.${r.status}`)}
                    </Badge>
                  </td>
                  <td className="px-4 py-2.5">
                    <Button variant="link" size="sm" onClick={() => setOpen(r.code)}>
                      {t('common.detail')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {q.isLoading && (
            <div className="flex h-40 items-center justify-center text-brand-500">
              <Spinner />
            </div>
          )}
          {q.data && q.data.list.length === 0 && <EmptyState title={t('op.feedback.empty')} />}
        </div>
        {q.data && q.data.total > 0 && (
          <nav
            className="flex items-center justify-end gap-3 border-t border-line px-4 py-2.5 text-xs text-muted"
            aria-label={t('common.page', { page: pageIdx, pages })}
          >
            <span>{t('common.total', { n: q.data.total })}</span>
            <span>{t('common.page', { page: pageIdx, pages })}</span>
            <Button size="sm" disabled={pageIdx <= 1} onClick={() => update({ page: String(pageIdx - 1) })}>
              {t('common.prev')}
            </Button>
            <Button
              size="sm"
              disabled={pageIdx >= pages}
              onClick={() => update({ page: String(pageIdx + 1) })}
            >
              {t('common.next')}
            </Button>
          </nav>
        )}
      </Card>
      {open && <Detail code={open} onClose={() => setOpen(null)} />}
      <FeedbackDialog
        open={creating}
        onClose={() => {
          setCreating(false);
          void q.refetch();
        }}
      />
    </div>
  );
}
