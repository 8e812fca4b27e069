// The feedback form of spec §2: up to 3000 characters, up to 9 attachments, sourcecode 3.
import {
  FEEDBACK_ACCEPT,
  FEEDBACK_MAX_FILES,
  FEEDBACK_SOURCE_CODE,
  UPLOAD_MAX_BYTES,
  checkUpload,
} from '@bo/domain';
import { FeedbackInput } from '@bo/api-sdk';
import { Button, FormDialog, FormTextArea, Icon } from '@bo/ui-kit';
import { useEffect, useRef, useState } from 'react';
import { useCommandForm } from '../../app/form';
import { sdk } from '../../app/sdk';
import { useLocale, useT } from '../../i18n';

function sizeText(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`;
}

const Content = FeedbackInput.pick({ content: true });

export function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const [locale] = useLocale();
  // Attachments are picked files, uploaded on submit; the contract's filelist holds their ids.
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open) {
      setFiles([]);
      setFileError(null);
    }
  }, [open]);

  const add = (list: FileList | null) => {
    if (!list || list.length === 0) return;
    const picked = Array.from(list);
    const check = checkUpload(picked, {
      accept: FEEDBACK_ACCEPT,
      maxCount: FEEDBACK_MAX_FILES,
      existingCount: files.length,
      maxBytes: UPLOAD_MAX_BYTES,
    });
    if (!check.ok) {
      setFileError(check.message[locale]);
      return;
    }
    setFileError(null);
    setFiles((f) => [...f, ...picked]);
  };

  const form = useCommandForm({
    schema: Content,
    defaultValues: { content: '' },
    refresh: false,
    success: t('feedback.thanks'),
    onSubmit: async ({ content }) => {
      const ids: string[] = [];
      for (const f of files) {
        const stored = await sdk.feedback.upload({ file: f, filename: f.name });
        ids.push(stored.id);
      }
      return sdk.feedback.create({ body: { content, filelist: ids, sourcecode: FEEDBACK_SOURCE_CODE } });
    },
    onDone: onClose,
  });

  return (
    <FormDialog
      form={form}
      open={open}
      onClose={onClose}
      title={t('feedback.title')}
      description={t('feedback.description')}
    >
      <FormTextArea
        form={form}
        name="content"
        label={t('feedback.content')}
        rows={6}
        placeholder={t('feedback.placeholder')}
      />
      <div>
        <div className="mb-1.5 flex items-center justify-between">
          <span className="text-xs font-medium text-ink-2">{t('feedback.attachments')}</span>
          <span className="text-xs text-subtle">
            {files.length} / {FEEDBACK_MAX_FILES}
          </span>
        </div>
        {files.length > 0 && (
          <ul className="mb-2 divide-y divide-line rounded-md border border-line">
            {files.map((f, i) => (
              <li key={`${f.name}-${i}`} className="flex items-center gap-2 px-2.5 py-1.5 text-sm">
                <Icon name="file" size={14} className="text-subtle" />
                <span className="min-w-0 flex-1 truncate">{f.name}</span>
                <span className="text-xs text-subtle tabular-nums">{sizeText(f.size)}</span>
                <button
                  type="button"
                  aria-label={t('feedback.removeFile', { name: f.name })}
                  onClick={() => setFiles((xs) => xs.filter((_, j) => j !== i))}
                  className="rounded-sm p-0.5 text-subtle hover:bg-hover hover:text-danger-600"
                >
                  <Icon name="close" size={12} />
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          ref={input}
          type="file"
          multiple
          hidden
          aria-label={t('feedback.addFile')}
          accept={FEEDBACK_ACCEPT.map((e) => `.${e}`).join(',')}
          onChange={(e) => {
            add(e.target.files);
            e.target.value = '';
          }}
        />
        <Button
          size="sm"
          icon={<Icon name="upload" size={13} />}
          onClick={() => input.current?.click()}
          disabled={files.length >= FEEDBACK_MAX_FILES || form.busy}
        >
          {t('feedback.addFile')}
        </Button>
        {fileError ? (
          <p role="alert" className="mt-1.5 text-xs text-danger-600">
            {fileError}
          </p>
        ) : (
          <p className="mt-1.5 text-xs text-subtle">{t('feedback.attachHint', { n: FEEDBACK_MAX_FILES })}</p>
        )}
      </div>
    </FormDialog>
  );
}
