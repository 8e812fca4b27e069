// Floating customer-service (call agent) panel, shown on the clue screens of spec §2: signs the agent in
// to the configured call centre, shows the seat's real state, the call in progress and its screen pop.
import { contract } from '@bo/api-sdk';
import { Button, FormText, FormView, Icon, Select, SubmitButton, cx } from '@bo/ui-kit';
import { useEffect, useState } from 'react';
import { bodyOf, queryOf, useCommandForm } from '../../app/form';
import {
  CALL_TYPES,
  callTypeNow,
  chooseCallType,
  dismissCall,
  hangUp,
  signIn,
  signOut,
  useAgent,
  type ActiveCall,
  type AgentState,
  type CallType,
} from '../calls/agent';
import { formatDateTime } from '../clues/logic';
import { tCode, useT } from '../../i18n';

const AGENT_SCREENS = ['schoolClues', 'resourceDetail', 'clueResources', 'clueDetail'];

/** Whether the agent panel belongs on a path. */
export function showsAgentPanel(pathname: string): boolean {
  return AGENT_SCREENS.some((s) => pathname.includes(s));
}

function statusText(t: ReturnType<typeof useT>, a: AgentState): string {
  const centre = a.provider ? t(`calls.centre.${a.provider}`) : '';
  if (a.call && !a.call.ended) return t('calls.onCall');
  switch (a.status) {
    case 'unknown':
      return t('calls.checking');
    case 'notConfigured':
      return t('calls.notConfigured');
    case 'offline':
      return t('calls.offline', { centre });
    case 'signingIn':
      return t('calls.signingIn', { centre });
    case 'online':
      return t('calls.online', { centre, agent: a.agentId ?? '' });
    case 'renewFailed':
      return t('calls.renewFailed');
  }
}

// The contract's own schemas: the job number and the phone are checked (shape, length) as the server
// checks them; a failed sign-in is shown by the panel (the agent's state keeps it), not by the form.
const TencentSignIn = bodyOf(contract.calls.tencentLogin).unwrap();
const ZhichiSignIn = queryOf(contract.calls.zhichiLogin);

const signInText = (t: ReturnType<typeof useT>, a: AgentState) =>
  a.status === 'renewFailed' ? t('calls.signInAgain') : t('calls.signIn');

function TencentSignInForm({ a }: { a: AgentState }) {
  const t = useT();
  const form = useCommandForm({
    schema: TencentSignIn,
    defaultValues: { phone: undefined },
    refresh: false,
    onSubmit: (v) => signIn({ phone: v.phone }),
  });
  return (
    <FormView form={form} aria-label={t('calls.signIn')} className="space-y-2">
      <FormText form={form} name="phone" type="tel" label={t('calls.bindPhone')} />
      <SubmitButton form={form} size="sm">
        {signInText(t, a)}
      </SubmitButton>
    </FormView>
  );
}

function ZhichiSignInForm({ a }: { a: AgentState }) {
  const t = useT();
  const form = useCommandForm({
    schema: ZhichiSignIn,
    defaultValues: { jobNumber: '', phone: '' },
    refresh: false,
    onSubmit: (v) => signIn(v),
  });
  return (
    <FormView form={form} aria-label={t('calls.signIn')} className="space-y-2">
      <FormText form={form} name="jobNumber" label={t('calls.jobNumber')} />
      <FormText form={form} name="phone" type="tel" label={t('calls.answerPhone')} />
      <SubmitButton form={form} size="sm">
        {signInText(t, a)}
      </SubmitButton>
    </FormView>
  );
}

function SignInForm({ a }: { a: AgentState }) {
  return a.provider === 'zhichi' ? <ZhichiSignInForm a={a} /> : <TencentSignInForm a={a} />;
}

function CallCard({ call }: { call: ActiveCall }) {
  const t = useT();
  const p = call.pop;
  return (
    <section aria-label={t('calls.screenPop')} className="space-y-1.5 rounded-lg bg-brand-50 p-3 text-xs">
      <p className="text-sm font-medium text-ink">
        {t('calls.calling', { name: call.target.name, phone: call.target.phone })}
      </p>
      {p?.clue && (
        <p>
          {t('calls.popClue', {
            code: p.clue.cluecode,
            parent: p.clue.parentName,
            child: p.clue.childName,
            state: tCode(t, `clue.state.${p.clue.flowState}`, p.clue.flowState),
            owner: p.clue.ownerName ?? '—',
          })}
        </p>
      )}
      {p?.resource && (
        <p>
          {t('calls.popResource', {
            code: p.resource.rescode,
            name: p.resource.name,
            owner: p.resource.ownerName ?? '—',
          })}
        </p>
      )}
      {p?.lastCall && (
        <p className="text-muted">
          {t('calls.popLastCall', {
            at: formatDateTime(p.lastCall.startAt),
            who: p.lastCall.userName ?? '',
          })}
        </p>
      )}
      {p && !p.clue && !p.resource && <p>{p.message}</p>}
      {call.ended ? (
        <div className="flex items-center justify-between gap-2 pt-1">
          <p role="status">{t('calls.ended')}</p>
          <Button size="sm" variant="ghost" onClick={dismissCall}>
            {t('common.close')}
          </Button>
        </div>
      ) : (
        <Button size="sm" variant="danger" onClick={() => void hangUp()}>
          {call.provider === 'zhichi' ? t('calls.endRecord') : t('calls.hangUp')}
        </Button>
      )}
    </section>
  );
}

export function AgentPanel() {
  const t = useT();
  const a = useAgent();
  const [open, setOpen] = useState(false);
  // A dial, a call or a failure opens the panel where its state and message are.
  useEffect(() => {
    if (a.attention > 0) setOpen(true);
  }, [a.attention]);
  const signedIn = a.status === 'online' || a.status === 'renewFailed';
  const type = callTypeNow();
  const dot =
    a.call && !a.call.ended
      ? 'bg-brand-500'
      : a.status === 'online'
        ? 'bg-success-500'
        : a.status === 'renewFailed'
          ? 'bg-danger-500'
          : 'bg-disabled';
  return (
    <div className="fixed right-5 bottom-5 z-40 flex flex-col items-end gap-3">
      {open && (
        <section
          aria-label={t('agent.title')}
          className="w-80 animate-pop-in rounded-xl border border-line bg-surface shadow-modal"
        >
          <header className="flex items-center justify-between border-b border-line px-4 py-2.5">
            <h2 className="text-sm font-semibold">{t('agent.title')}</h2>
            <button
              type="button"
              aria-label={t('agent.close')}
              onClick={() => setOpen(false)}
              className="rounded-md p-1 text-subtle hover:bg-hover hover:text-ink"
            >
              <Icon name="close" size={14} />
            </button>
          </header>
          <div className="space-y-3 px-4 py-3 text-sm">
            <p className="flex items-center gap-2" role="status">
              <span className={cx('size-2 shrink-0 rounded-full', dot)} aria-hidden="true" />
              {statusText(t, a)}
            </p>
            {a.error && (
              <p role="alert" className="text-xs text-danger-600">
                {a.error}
              </p>
            )}
            {a.call && <CallCard call={a.call} />}
            {a.provider && !signedIn && <SignInForm a={a} />}
            {signedIn && a.provider === 'tencent' && (
              <Select<CallType>
                label={t('calls.callType')}
                size="sm"
                value={type.type}
                disabled={!type.canChange}
                hint={type.canChange ? undefined : t('calls.callTypeLocked')}
                options={CALL_TYPES.map((c) => ({ value: c, label: t(`calls.type.${c}`) }))}
                onChange={(v) => {
                  if (v) chooseCallType(v);
                }}
              />
            )}
            {a.status === 'renewFailed' && <SignInForm a={a} />}
            {signedIn && (
              <Button size="sm" variant="secondary" onClick={() => void signOut()}>
                {t('calls.signOut')}
              </Button>
            )}
            {a.status !== 'notConfigured' && <p className="text-xs text-muted">{t('calls.hint')}</p>}
          </div>
        </section>
      )}
      <button
        type="button"
        aria-label={t('agent.open')}
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        className="relative flex size-12 items-center justify-center rounded-full bg-brand-500 text-white shadow-[0_8px_24px_-4px_rgb(51_112_255/0.55)] transition-transform hover:scale-105 hover:bg-brand-600"
      >
        <Icon name="headset" size={22} />
        <span
          className={cx('absolute top-1 right-1 size-2.5 rounded-full ring-2 ring-white', dot)}
          aria-hidden="true"
        />
      </button>
    </div>
  );
}
