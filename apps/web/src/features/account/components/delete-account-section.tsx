import { useState } from 'react';
import {
  AccountMessages,
  DELETE_CONFIRMATION_WORD,
  DeleteAccountSchema,
  type DeleteAccount,
} from '@bookshop/contracts/account';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/form-fields.tsx';
import { Dialog, DialogActions } from '../../../ui/dialog.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useDeleteAccount } from '../api/delete-account.ts';

const ACCOUNT_DELETED = 'Your account has been deleted.';

/**
 * An account with a password confirms with it (the request's own schema: the field is always
 * typed here, so never left out); a Google-only account has none and types the word instead.
 */
const ByWordSchema = DeleteAccountSchema.refine(({ confirm }) => confirm?.trim() === DELETE_CONFIRMATION_WORD, {
  message: AccountMessages.confirmDeletion,
  path: ['confirm'],
});

type DeleteAccountSectionProps = {
  /** False for a Google-only account (CustomerProfile.hasPassword). */
  hasPassword: boolean;
  onDeleted: () => void;
};

/** Deleting the account is confirmed in a dialog; afterwards the app logs out and goes home. */
export function DeleteAccountSection({ hasPassword, onDeleted }: DeleteAccountSectionProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className="grid gap-3">
      <p className="max-w-prose text-stone-700">
        Deleting your account removes your profile, cart, wishlist and addresses. Orders you placed are kept without
        your personal details for the shop&apos;s records. This cannot be undone.
      </p>
      <Button variant="danger" className="justify-self-start" onClick={() => setOpen(true)}>
        Delete Account
      </Button>
      {open && <ConfirmDeleteDialog hasPassword={hasPassword} onClose={() => setOpen(false)} onDeleted={onDeleted} />}
    </div>
  );
}

function ConfirmDeleteDialog({ hasPassword, onClose, onDeleted }: DeleteAccountSectionProps & { onClose: () => void }) {
  const remove = useDeleteAccount();
  const name = hasPassword ? 'password' : 'confirm';
  const { field, handleSubmit, showServerErrors } = useSchemaForm(
    hasPassword ? DeleteAccountSchema : ByWordSchema,
    { [name]: '' },
    // Checked on submit, then on every change: a half-typed word is not an error yet.
    { mode: 'onSubmit' },
  );

  const onSubmit = (values: DeleteAccount) =>
    remove.mutate(hasPassword ? { password: values.password } : { confirm: DELETE_CONFIRMATION_WORD }, {
      onSuccess: () => {
        onClose();
        toast.success(ACCOUNT_DELETED);
        onDeleted();
      },
      onError: (error) => showServerErrors(error, [name]),
    });

  return (
    <Dialog
      title="Delete your account?"
      description={`${hasPassword ? 'Enter your password to confirm. ' : ''}Your account is deleted at once and you are logged out.`}
      onClose={onClose}
      widthClass="max-w-md"
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
        {hasPassword ? (
          <TextField label="Password" type="password" autoComplete="current-password" {...field('password')} />
        ) : (
          <TextField
            label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            {...field('confirm')}
          />
        )}
        <DialogActions cancelLabel="Keep Account" onCancel={onClose}>
          <Button type="submit" variant="danger" pending={remove.isPending}>
            Delete Account
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
