// Modal dialog (Headless UI: focus trap, Esc, aria-modal) with a title, a body and a footer.
import { Dialog as HDialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import type { ReactNode } from 'react';
import { cx } from './cx.js';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons, right-aligned. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Clicking outside or Esc does nothing (forms with unsaved work). */
  persistent?: boolean;
  /** Label of the × button; the app passes a translated text. */
  closeLabel?: string;
  className?: string;
}

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' };

export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  persistent,
  closeLabel = 'Close',
  className,
}: DialogProps) {
  return (
    // The role=dialog element itself covers the viewport, so it is "visible" to e2e tools.
    <HDialog
      open={open}
      onClose={persistent ? () => undefined : onClose}
      className="fixed inset-0 z-50 overflow-y-auto"
    >
      <DialogBackdrop className="fixed inset-0 animate-fade-in bg-[rgb(15_18_24/0.45)]" />
      <div className="relative flex min-h-full items-start justify-center p-4 pt-[10vh]">
        <DialogPanel
          className={cx('w-full animate-pop-in rounded-xl bg-surface shadow-modal', widths[size], className)}
        >
          <div className="flex items-start justify-between gap-4 px-5 pt-4 pb-3">
            <div className="min-w-0">
              <DialogTitle className="text-base font-semibold text-ink">{title}</DialogTitle>
              {description && <Description className="mt-0.5 text-xs text-muted">{description}</Description>}
            </div>
            <button
              type="button"
              onClick={onClose}
              aria-label={closeLabel}
              className="-mr-1.5 inline-flex size-7 items-center justify-center rounded-md text-subtle hover:bg-hover hover:text-ink"
            >
              <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
                <path d="M3 3l8 8M11 3l-8 8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          {children !== undefined && <div className="px-5 pb-4 text-sm text-ink-2">{children}</div>}
          {footer && (
            <div className="flex items-center justify-end gap-2 border-t border-line px-5 py-3">{footer}</div>
          )}
        </DialogPanel>
      </div>
    </HDialog>
  );
}
