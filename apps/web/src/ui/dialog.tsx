import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from './button.tsx';
import { CloseIcon } from './icons.tsx';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), details > summary';

type DialogProps = {
  title: string;
  description?: string;
  onClose: () => void;
  children: ReactNode;
  /** Tailwind max-width class of the panel. */
  widthClass?: string;
};

/**
 * An accessible modal dialog: labelled by its title, focus moves in and is trapped, Escape and
 * the backdrop close it, the page behind is inert, and focus returns to where it was.
 */
export function Dialog({ title, description, onClose, children, widthClass = 'max-w-lg' }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = panel.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel.current)?.focus();

    // The dialog is portalled to <body>, so making the app root inert hides the page from
    // keyboard and screen-reader users while it is open.
    const root = document.getElementById('root');
    root?.setAttribute('inert', '');
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      root?.removeAttribute('inert');
      document.body.style.overflow = overflow;
      returnFocus?.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const focusable = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="fixed inset-0 z-[60] flex items-center justify-center p-4">
      <div className="absolute inset-0 bg-stone-950/50" aria-hidden="true" onClick={onClose} />
      {/* The dialog keeps Tab inside itself and closes on Escape: its own keys, not a control's. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className={`relative max-h-[90dvh] w-full overflow-y-auto rounded-xl bg-white p-6 shadow-2xl ${widthClass}`}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-bold text-stone-900">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close dialog"
            className="-m-1 rounded p-1 text-stone-700 hover:bg-stone-100"
          >
            <CloseIcon />
          </button>
        </div>
        {description && (
          <p id={descriptionId} className="mb-4 text-sm text-stone-700">
            {description}
          </p>
        )}
        {children}
      </div>
    </div>,
    document.body,
  );
}

/** A dialog's closing row: the safe choice first, which closes it, then the action (`children`). */
export function DialogActions({
  cancelLabel,
  onCancel,
  children,
}: {
  cancelLabel: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="secondary" onClick={onCancel}>
        {cancelLabel}
      </Button>
      {children}
    </div>
  );
}
