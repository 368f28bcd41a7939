import type { ComponentProps } from 'react';
import { useT } from '../../../lib/i18n/i18n.tsx';

/**
 * The contact forms' trap for simple bots (decision 041): a text field people never meet. It is
 * off-screen rather than `display: none` (which many bots skip), out of the tab order, hidden from
 * screen readers and from autofill. The API accepts a filled one and then stores nothing.
 */
export function HoneypotField(props: Omit<ComponentProps<'input'>, 'type'>) {
  const t = useT();
  return (
    <div aria-hidden="true" className="absolute -start-[10000px] top-auto h-px w-px overflow-hidden">
      <label>
        {t('tickets.honeypot')}
        <input type="text" tabIndex={-1} autoComplete="off" {...props} />
      </label>
    </div>
  );
}
