import { useMutation } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AccountMessages, UpdateStaffSchema } from '@bookshop/contracts/account';
import { AuthMessages } from '@bookshop/contracts/auth';
import { Messages } from '@bookshop/contracts/messages';
import { ApiError } from '../lib/api-client.ts';
import { renderWithQueryClient } from '../test/render.tsx';
import { ProfileForm, type ProfileSave } from './profile-form.tsx';
import { TextField } from './form-fields.tsx';
import { Toaster, toast } from './toast.tsx';

/** A profile with one field beyond the names, as the customer's time zone is. */
const Schema = UpdateStaffSchema.pick({ firstName: true, lastName: true, userName: true }).extend({
  nickname: z.string().max(10, 'Nickname is too long.'),
});
type Values = z.infer<typeof Schema>;
type Saved = Values & { imageUrl: string | null };

const saved: Saved = { firstName: 'Sam', lastName: 'Lee', userName: 'sammy', nickname: 'S', imageUrl: null };

const refusal = (status: number, errors: Record<string, string[]>) =>
  new ApiError(status, { title: 'Validation Failed', status, errors });

type Send = (update: ProfileSave<Values>) => Promise<Saved>;

function Harness({ send, imageUrl, onSaved }: { send: Send; imageUrl: string | null; onSaved: () => void }) {
  return (
    <ProfileForm
      values={{
        firstName: saved.firstName,
        lastName: saved.lastName,
        userName: saved.userName,
        nickname: saved.nickname,
      }}
      schema={Schema}
      imageUrl={imageUrl}
      save={useMutation({ mutationFn: send })}
      valuesOf={({ imageUrl: _, ...values }) => values}
      onSaved={onSaved}
      extraFields={({ register, formState: { errors } }) => (
        <TextField label="Nickname" error={errors.nickname?.message} {...register('nickname')} />
      )}
    >
      <p>Shown above the button</p>
    </ProfileForm>
  );
}

function renderForm(send: Send, imageUrl: string | null = null) {
  const onSaved = vi.fn();
  renderWithQueryClient(
    <>
      <Harness send={send} imageUrl={imageUrl} onSaved={onSaved} />
      <Toaster />
    </>,
  );
  return { onSaved, save: screen.getByRole('button', { name: 'Save Profile' }) };
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:avatar-preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => toast.reset());

describe('ProfileForm', () => {
  it('checks every change with the schema, then saves the names, the extra field and the new avatar', async () => {
    const user = userEvent.setup();
    const send = vi.fn((update: ProfileSave<Values>) =>
      Promise.resolve({ ...saved, firstName: update.firstName, nickname: update.nickname, imageUrl: '/a.webp' }),
    );
    const { onSaved, save } = renderForm(send);
    expect(screen.getByLabelText('First Name')).toHaveValue('Sam');
    expect(screen.getByText('Shown above the button')).toBeInTheDocument();
    expect(save).toBeDisabled();

    const first = screen.getByLabelText('First Name');
    await user.clear(first);
    expect(first).toHaveAccessibleDescription(Messages.firstNameRequired);
    await user.type(first, 'S');
    expect(first).toHaveAccessibleDescription(Messages.firstNameMin);
    await user.type(first, 'amira');
    await user.type(screen.getByLabelText('Nickname'), '-way-too-long');
    expect(screen.getByLabelText('Nickname')).toHaveAccessibleDescription('Nickname is too long.');
    await user.click(save);
    expect(send).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Nickname'));
    await user.type(screen.getByLabelText('Nickname'), 'Sami');
    const avatar = new File(['png'], 'me.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Avatar'), avatar);
    await user.click(save);

    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(send.mock.calls[0]![0]).toEqual({
      firstName: 'Samira',
      lastName: 'Lee',
      userName: 'sammy',
      nickname: 'Sami',
      image: avatar,
    });
    expect(screen.getByText('Profile updated.')).toBeInTheDocument();
    // Starts again from what was saved: nothing left to save.
    expect(screen.getByLabelText('First Name')).toHaveValue('Samira');
    expect(save).toBeDisabled();
  });

  it('asks to remove the saved avatar with removeImage', async () => {
    const user = userEvent.setup();
    const send = vi.fn((_update: ProfileSave<Values>) => Promise.resolve(saved));
    const { save } = renderForm(send, '/images/avatars/1/avatar-400.webp');
    expect(screen.getByRole('img', { name: 'Your avatar' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Avatar' }));
    await user.click(save);
    await waitFor(() => expect(send).toHaveBeenCalledOnce());
    expect(send.mock.calls[0]![0]).toEqual({
      firstName: 'Sam',
      lastName: 'Lee',
      userName: 'sammy',
      nickname: 'S',
      removeImage: true,
    });
  });

  it("shows the server's field errors under their fields, and drops a picture the server refused", async () => {
    const user = userEvent.setup();
    const send = vi.fn((update: ProfileSave<Values>) =>
      Promise.reject(
        update.image
          ? refusal(400, { image: [AccountMessages.imageType] })
          : refusal(409, { userName: [AuthMessages.userNameTaken('Bobby')], nickname: ['Taken too.'] }),
      ),
    );
    const { onSaved, save } = renderForm(send);

    await user.upload(screen.getByLabelText('Avatar'), new File(['text'], 'fake.png', { type: 'image/png' }));
    await user.click(save);
    expect(await screen.findByText(AccountMessages.imageType)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Preview of your new avatar' })).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('User Name'));
    await user.type(screen.getByLabelText('User Name'), 'Bobby');
    await user.click(save);
    await waitFor(() =>
      expect(screen.getByLabelText('User Name')).toHaveAccessibleDescription(AuthMessages.userNameTaken('Bobby')),
    );
    expect(screen.getByLabelText('Nickname')).toHaveAccessibleDescription('Taken too.');
    expect(send.mock.calls[1]![0]).not.toHaveProperty('image');
    expect(onSaved).not.toHaveBeenCalled();
  });
});
