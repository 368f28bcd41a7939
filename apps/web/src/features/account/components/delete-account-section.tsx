import { useState } from 'react';
import {
  AccountMessages,
  DELETE_CONFIRMATION_WORD,
  DeleteAccountSchema,
  type DeleteAccount,
} from '@bookshop/contracts/account';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/form-fields.tsx';
import { Dialog, DialogActions } from '../../../ui/dialog.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useDeleteAccount } from '../api/delete-account.ts';

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
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <div className="grid gap-3">
      <p className="max-w-prose text-stone-700">{t('deleteAccount.intro')}</p>
      <Button variant="danger" className="justify-self-start" onClick={() => setOpen(true)}>
        {t('accountPage.deleteAccount')}
      </Button>
      {open && <ConfirmDeleteDialog hasPassword={hasPassword} onClose={() => setOpen(false)} onDeleted={onDeleted} />}
    </div>
  );
}

function ConfirmDeleteDialog({ hasPassword, onClose, onDeleted }: DeleteAccountSectionProps & { onClose: () => void }) {
  const t = useT();
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
        toast.success(t('deleteAccount.deleted'));
        onDeleted();
      },
      onError: (error) => showServerErrors(error, [name]),
    });

  return (
    <Dialog
      title={t('deleteAccount.dialogTitle')}
      description={
        hasPassword ? `${t('deleteAccount.byPassword')} ${t('deleteAccount.effect')}` : t('deleteAccount.effect')
      }
      onClose={onClose}
      widthClass="max-w-md"
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
        {hasPassword ? (
          <TextField
            label={t('auth.password')}
            type="password"
            autoComplete="current-password"
            {...field('password')}
          />
        ) : (
          <TextField
            label={t('deleteAccount.typeWord', { word: DELETE_CONFIRMATION_WORD })}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            {...field('confirm')}
          />
        )}
        <DialogActions cancelLabel={t('deleteAccount.keep')} onCancel={onClose}>
          <Button type="submit" variant="danger" pending={remove.isPending}>
            {t('accountPage.deleteAccount')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
