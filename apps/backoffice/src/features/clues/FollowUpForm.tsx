// The follow-up form of the clue and resource detail screens: content, next visit, intention level.
// What is typed is kept as a draft (localStorage) until it is saved or the screen's tab closes.
import { contract } from '@bo/api-sdk';
import { FormDateTime, FormSelect, FormTextArea, FormView, SubmitButton } from '@bo/ui-kit';
import { useEffect } from 'react';
import type { z } from 'zod';
import { bodyOf, useCommandForm } from '../../app/form';
import { useT } from '../../i18n';
import { localInputToIso, readDraft, writeDraft } from './logic';

const FollowUp = bodyOf(contract.clues.followSave).pick({
  content: true,
  nextVisitAt: true,
  intentionLevel: true,
});
export type FollowUpValues = z.output<typeof FollowUp>;
type FollowUpInput = z.input<typeof FollowUp>;

const LEVELS = ['A', 'B', 'C', 'D'] as const;
const EMPTY: FollowUpInput = { content: '', nextVisitAt: undefined, intentionLevel: undefined };

function fromDraft(key: string): FollowUpInput {
  const d = readDraft(localStorage, key);
  const level = LEVELS.find((l) => l === d.intentionLevel);
  // Older drafts kept the input's local text; the form keeps ISO 8601, as the contract does.
  return {
    content: d.content,
    nextVisitAt: localInputToIso(d.nextVisitAt) ?? undefined,
    intentionLevel: level,
  };
}

export function FollowUpForm({
  draftKey,
  levelLabel,
  onSave,
}: {
  draftKey: string;
  /** What the level is called on this screen (intention of a clue, level of a resource). */
  levelLabel: string;
  onSave: (values: FollowUpValues) => Promise<unknown>;
}) {
  const t = useT();
  const form = useCommandForm({
    schema: FollowUp,
    defaultValues: fromDraft(draftKey),
    onSubmit: onSave,
    onDone: (_r, _v, form) => {
      localStorage.removeItem(draftKey);
      form.reset(EMPTY);
    },
  });
  const { rhf, reset } = form;
  // Another clue in the same screen: its own draft.
  useEffect(() => reset(fromDraft(draftKey)), [draftKey, reset]);
  useEffect(() => {
    const sub = rhf.watch((v) =>
      writeDraft(localStorage, draftKey, {
        content: v.content ?? '',
        nextVisitAt: v.nextVisitAt ?? '',
        intentionLevel: v.intentionLevel ?? '',
      }),
    );
    return () => sub.unsubscribe();
  }, [rhf, draftKey]);
  const content = rhf.watch('content');
  return (
    <FormView form={form} aria-label={t('clue.followForm')}>
      <FormTextArea form={form} name="content" label={t('clue.followContent')} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FormDateTime form={form} name="nextVisitAt" label={t('clue.nextVisit')} />
        <FormSelect
          form={form}
          name="intentionLevel"
          label={levelLabel}
          placeholder={t('master.choose')}
          options={LEVELS.map((l) => ({ value: l, label: t(`clue.level.${l}`) }))}
        />
      </div>
      <div className="flex items-center justify-end gap-2">
        {content && <span className="text-xs text-subtle">{t('clue.draftKept')}</span>}
        <SubmitButton form={form}>{t('clue.saveFollow')}</SubmitButton>
      </div>
    </FormView>
  );
}
