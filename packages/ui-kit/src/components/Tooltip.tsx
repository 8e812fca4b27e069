// Tooltip-lite: CSS only, shown on hover and keyboard focus, announced via aria-describedby.
import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { cx } from './cx.js';

export interface TooltipProps {
  content: ReactNode;
  children: ReactElement<{ 'aria-describedby'?: string }>;
  side?: 'top' | 'bottom' | 'right';
  className?: string;
}

export function Tooltip({ content, children, side = 'top', className }: TooltipProps) {
  const id = useId();
  const pos = {
    top: 'bottom-full left-1/2 mb-1.5 -translate-x-1/2',
    bottom: 'top-full left-1/2 mt-1.5 -translate-x-1/2',
    right: 'left-full top-1/2 ml-2 -translate-y-1/2',
  }[side];
  return (
    <span className={cx('group/tt relative inline-flex', className)}>
      {isValidElement(children) ? cloneElement(children, { 'aria-describedby': id }) : children}
      <span
        role="tooltip"
        id={id}
        className={cx(
          'pointer-events-none invisible absolute z-50 rounded-md bg-ink px-2 py-1 text-xs whitespace-nowrap text-white opacity-0 shadow-pop transition-opacity delay-300 duration-100',
          'group-hover/tt:visible group-hover/tt:opacity-100 group-has-focus-visible/tt:visible group-has-focus-visible/tt:opacity-100',
          pos,
        )}
      >
        {content}
      </span>
    </span>
  );
}
