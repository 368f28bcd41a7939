import { Button } from './button.tsx';
import { Dialog, DialogActions } from './dialog.tsx';

type ConfirmDialogProps = {
  title: string;
  description: string;
  /** Label of the safe choice, which closes the dialog. */
  cancelLabel: string;
  /** Label of the destructive choice. */
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before a destructive action; the safe choice comes first and takes the focus. */
export function ConfirmDialog({
  title,
  description,
  cancelLabel,
  confirmLabel,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Dialog title={title} description={description} onClose={onClose} widthClass="max-w-md">
      <DialogActions cancelLabel={cancelLabel} onCancel={onClose}>
        <Button
          variant="danger"
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
