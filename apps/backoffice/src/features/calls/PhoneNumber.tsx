// A customer's phone number with its dial button: the one component of the clue detail, resource
// detail, clue resources and school clues screens. Dialling goes through the agent's seat (agent.ts).
import { cx } from '@bo/ui-kit';
import { useT } from '../../i18n';
import { dial, useAgent, type DialTarget } from './agent';

export function PhoneNumber({ className, ...target }: DialTarget & { className?: string }) {
  const t = useT();
  const a = useAgent();
  const busy = !!a.call && !a.call.ended;
  const canDial = a.provider !== null && (a.status === 'online' || a.status === 'renewFailed');
  const why = !canDial
    ? t('calls.signInFirst')
    : busy
      ? t('calls.busy')
      : t(a.provider === 'zhichi' ? 'calls.zhichiDialHint' : 'calls.dialHint', { phone: target.phone });
  return (
    <span className={cx('inline-flex items-center gap-1.5', className)}>
      <span className="tabular-nums">{target.phone}</span>
      {/* No button until the server has named its call centre, and none without one. */}
      {a.provider !== null && (
        <button
          type="button"
          aria-label={t('calls.dial', { phone: target.phone })}
          title={why}
          disabled={busy}
          onClick={(e) => {
            e.stopPropagation();
            void dial(target);
          }}
          className={cx(
            'rounded-md px-1.5 py-0.5 text-xs font-medium',
            canDial
              ? 'text-brand-600 hover:bg-brand-50'
              : 'text-subtle hover:bg-hover disabled:cursor-not-allowed disabled:hover:bg-transparent',
          )}
        >
          {t('calls.dialShort')}
        </button>
      )}
    </span>
  );
}
