import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog } from './dialog.tsx';
import { closeModal, ModalHost, openModal, type ModalContentProps } from './modal.tsx';

function ConfirmRemoval({ props, close }: ModalContentProps) {
  return (
    <Dialog title="Remove book?" onClose={close}>
      <p>{String(props.title)} will leave your cart.</p>
      <button type="button" onClick={close}>
        Keep it
      </button>
      <button type="button">Remove</button>
    </Dialog>
  );
}

describe('global modal holder', () => {
  afterEach(() => act(() => closeModal()));

  it('shows the registered modal with its props, moves focus in, and closes on Escape', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button" onClick={() => openModal('confirm-removal', { title: 'Emma' })}>
          Open
        </button>
        <ModalHost registry={{ 'confirm-removal': ConfirmRemoval }} />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Remove book?' });
    expect(dialog).toHaveTextContent('Emma will leave your cart.');
    expect(screen.getByRole('button', { name: 'Close dialog' })).toHaveFocus();

    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Remove' })).toHaveFocus();
    // Tab staying inside the dialog is the browser's work (showModal), which jsdom lacks: the
    // e2e account journey checks it in Chromium.

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
