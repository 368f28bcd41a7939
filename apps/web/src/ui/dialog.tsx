import * as RadixDialog from '@radix-ui/react-dialog';
import { useState, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { CloseIcon } from './icons.tsx';

type DialogProps = {
  title: string;
  description?: string;
  onClose: () => void;
  children: ReactNode;
  /** Tailwind max-width class of the panel. */
  widthClass?: string;
};

/**
 * An accessible modal dialog, open while it is rendered: labelled by its title, focus moves in and
 * is trapped, Escape and the backdrop close it, the page behind is hidden from assistive technology
 * and does not scroll, and focus returns to where it was. Radix's Dialog does the focus and keyboard
 * work (decision 067).
 */
export function Dialog({ title, description, onClose, children, widthClass = 'max-w-lg' }: DialogProps) {
  // Radix returns focus to its own trigger; these dialogs are opened by any control, so the one that
  // had the focus when the dialog rendered gets it back.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  return (
    <RadixDialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[60] bg-stone-950/50" />
        <div className="pointer-events-none fixed inset-0 z-[60] flex items-center justify-center p-4">
          <RadixDialog.Content
            // Without a description the dialog is described by nothing, as Radix asks to be told.
            {...(description ? {} : { 'aria-describedby': undefined })}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              opener?.focus();
            }}
            className={`pointer-events-auto relative max-h-[90dvh] w-full overflow-y-auto rounded-xl bg-white p-6 shadow-2xl ${widthClass}`}
          >
            <div className="mb-4 flex items-start justify-between gap-4">
              <RadixDialog.Title className="text-lg font-bold text-stone-900">{title}</RadixDialog.Title>
              <RadixDialog.Close
                aria-label="Close dialog"
                className="-m-1 rounded p-1 text-stone-700 hover:bg-stone-100"
              >
                <CloseIcon />
              </RadixDialog.Close>
            </div>
            {description && (
              <RadixDialog.Description className="mb-4 text-sm text-stone-700">{description}</RadixDialog.Description>
            )}
            {children}
          </RadixDialog.Content>
        </div>
      </RadixDialog.Portal>
    </RadixDialog.Root>
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
