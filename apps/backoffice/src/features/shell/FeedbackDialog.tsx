// The feedback form of spec §2: up to 3000 characters, up to 9 attachments, sourcecode 3.
import {
  FEEDBACK_ACCEPT,
  FEEDBACK_MAX_CHARS,
  FEEDBACK_MAX_FILES,
  FEEDBACK_SOURCE_CODE,
  UPLOAD_MAX_BYTES,
  checkUpload,
} from '@bo/domain';
import { Button, Dialog, Icon, TextArea, useToast } from '@bo/ui-kit';
import { useRef, useState } from 'react';
import { errorText, sdk } from '../../app/sdk';
import { useLocale, useT } from '../../i18n';

function sizeText(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`;
}

export function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const [locale] = useLocale();
  const toast = useToast();
  const [content, setContent] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const reset = () => {
    setContent('');
    setFiles([]);
    setError(null);
  };

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
      setError(check.message[locale]);
      return;
    }
    setError(null);
    setFiles((f) => [...f, ...picked]);
  };

  const submit = async () => {
    if (!content.trim()) {
      setError(t('feedback.empty'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const ids: string[] = [];
      for (const f of files) {
        const stored = await sdk.feedback.upload({ file: f, filename: f.name });
        ids.push(stored.id);
      }
      await sdk.feedback.create({
        body: { content: content.trim(), filelist: ids, sourcecode: FEEDBACK_SOURCE_CODE },
      });
      toast.success(t('feedback.thanks'));
      reset();
      onClose();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? () => undefined : onClose}
      title={t('feedback.title')}
      description={t('feedback.description')}
      size="md"
      closeLabel={t('common.close')}
      footer={
        <>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button variant="primary" loading={busy} onClick={() => void submit()}>
            {t('common.submit')}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <TextArea
          label={t('feedback.content')}
          required
          value={content}
          maxLength={FEEDBACK_MAX_CHARS}
          showCount
          rows={6}
          placeholder={t('feedback.placeholder')}
          onChange={(e) => {
            setContent(e.target.value);
            if (error) setError(null);
          }}
          error={error ?? undefined}
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
            disabled={files.length >= FEEDBACK_MAX_FILES || busy}
          >
            {t('feedback.addFile')}
          </Button>
          <p className="mt-1.5 text-xs text-subtle">{t('feedback.attachHint', { n: FEEDBACK_MAX_FILES })}</p>
        </div>
      </div>
    </Dialog>
  );
}
