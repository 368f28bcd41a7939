import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/form-fields.tsx';
import { Dialog } from '../../../ui/modal.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useDeleteAccount } from '../api/delete-account.ts';
import { AccountMessages } from '../lib/account-schemas.ts';

/** Deleting the account asks for the password in a dialog; afterwards the app logs out and goes home. */
export function DeleteAccountSection({ onDeleted }: { onDeleted: () => void }) {
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
      {open && <ConfirmDeleteDialog onClose={() => setOpen(false)} onDeleted={onDeleted} />}
    </div>
  );
}

function ConfirmDeleteDialog({ onClose, onDeleted }: { onClose: () => void; onDeleted: () => void }) {
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();

  const submit = () => {
    if (!password) {
      setError('Enter your password to confirm.');
      return;
    }
    remove.mutate(
      { password },
      {
        onSuccess: () => {
          onClose();
          toast.success(AccountMessages.accountDeleted);
          onDeleted();
        },
        onError: (failure) => {
          const message =
            failure instanceof ApiError ? (failure.problem.errors?.password?.[0] ?? failure.problem.detail) : undefined;
          setError(message ?? 'Your account could not be deleted.');
        },
      },
    );
  };

  return (
    <Dialog
      title="Delete your account?"
      description="Enter your password to confirm. Your account is deleted at once and you are logged out."
      onClose={onClose}
      widthClass="max-w-md"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        className="grid gap-4"
      >
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={error}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setError(undefined);
          }}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Keep Account
          </Button>
          <Button type="submit" variant="danger" pending={remove.isPending}>
            Delete Account
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
