// Floating customer-service (call agent) panel, shown on the clue screens of spec §2.
import { Icon, cx } from '@bo/ui-kit';
import { useState } from 'react';
import { CALL_TOKEN_KEY } from '../../app/session';
import { useT } from '../../i18n';

const AGENT_SCREENS = ['schoolClues', 'resourceDetail', 'clueResources', 'clueDetail'];

/** Whether the agent panel belongs on a path. */
export function showsAgentPanel(pathname: string): boolean {
  return AGENT_SCREENS.some((s) => pathname.includes(s));
}

export function AgentPanel() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const online = Boolean(localStorage.getItem(CALL_TOKEN_KEY));
  return (
    <div className="fixed right-5 bottom-5 z-40 flex flex-col items-end gap-3">
      {open && (
        <section
          aria-label={t('agent.title')}
          className="w-72 animate-pop-in rounded-xl border border-line bg-surface shadow-modal"
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
            <p className="flex items-center gap-2">
              <span
                className={cx('size-2 rounded-full', online ? 'bg-success-500' : 'bg-disabled')}
                aria-hidden="true"
              />
              {online ? t('agent.online') : t('agent.offline')}
            </p>
            <p className="text-xs text-muted">{t('agent.hint')}</p>
          </div>
        </section>
      )}
      <button
        type="button"
        aria-label={t('agent.open')}
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        className="flex size-12 items-center justify-center rounded-full bg-brand-500 text-white shadow-[0_8px_24px_-4px_rgb(51_112_255/0.55)] transition-transform hover:scale-105 hover:bg-brand-600"
      >
        <Icon name="headset" size={22} />
      </button>
    </div>
  );
}
