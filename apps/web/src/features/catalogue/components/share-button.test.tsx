import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LinkMessages } from '@bookshop/contracts/links';
import { toast, Toaster } from '../../../ui/toast.tsx';
import { makeBook, renderRoute } from '../testing/render.tsx';
import { ShareButton } from './share-button.tsx';

const emma = makeBook({ id: 9, title: 'Emma' });
const SHORT_URL = 'https://shop.test/s/AbC-12_z';

/** Stands in for the browser's clipboard and share sheet (after userEvent.setup, which installs its own clipboard). */
function browserWith({
  share,
  writeText,
}: {
  share?: (data: ShareData) => Promise<void>;
  writeText: () => Promise<void>;
}) {
  const clipboard = { writeText: vi.fn(writeText) };
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
  const shareMock = share && vi.fn(share);
  Object.defineProperty(navigator, 'share', { value: shareMock, configurable: true });
  return { writeText: clipboard.writeText, share: shareMock };
}

function renderShare(shortLink = vi.fn(() => Promise.resolve(SHORT_URL))) {
  const user = userEvent.setup();
  renderRoute(
    <>
      <ShareButton book={emma} />
      <Toaster />
    </>,
    { at: '/books/Emma', route: '/books/:title', actions: { shortLink } },
  );
  return { user, shortLink, button: screen.getByRole('button', { name: 'Share' }) };
}

afterEach(() => {
  act(() => toast.reset());
  Reflect.deleteProperty(navigator, 'share');
});

describe('Share button', () => {
  it("copies the book's short link and says 'Link copied.' where there is no share sheet", async () => {
    const { user, shortLink, button } = renderShare();
    const browser = browserWith({ writeText: async () => {} });

    await user.click(button);
    expect(await screen.findByText(LinkMessages.copied)).toBeInTheDocument();
    expect(shortLink).toHaveBeenCalledWith(emma);
    expect(browser.writeText).toHaveBeenCalledWith(SHORT_URL);
  });

  it("opens the browser's share sheet with the title and short link where there is one, copying nothing", async () => {
    const { user, button } = renderShare();
    const browser = browserWith({ share: async () => {}, writeText: async () => {} });

    await user.click(button);
    await waitFor(() => expect(browser.share).toHaveBeenCalledWith({ title: 'Emma', url: SHORT_URL }));
    expect(browser.writeText).not.toHaveBeenCalled();
    expect(screen.queryByText(LinkMessages.copied)).not.toBeInTheDocument();
    expect(button).toBeEnabled();
  });

  it('says nothing when the person closes the share sheet', async () => {
    const { user, button } = renderShare();
    const browser = browserWith({
      share: () => Promise.reject(new DOMException('Share canceled', 'AbortError')),
      writeText: async () => {},
    });

    await user.click(button);
    await waitFor(() => expect(button).toBeEnabled());
    expect(browser.share).toHaveBeenCalled();
    expect(browser.writeText).not.toHaveBeenCalled();
    expect(screen.queryByText(LinkMessages.copied)).not.toBeInTheDocument();
    expect(screen.queryByText(LinkMessages.shareFailed)).not.toBeInTheDocument();
  });

  it('copies instead when the share sheet refuses', async () => {
    const { user, button } = renderShare();
    const browser = browserWith({
      share: () => Promise.reject(new DOMException('Not allowed', 'NotAllowedError')),
      writeText: async () => {},
    });

    await user.click(button);
    expect(await screen.findByText(LinkMessages.copied)).toBeInTheDocument();
    expect(browser.writeText).toHaveBeenCalledWith(SHORT_URL);
  });

  it('says clearly that it failed when neither sharing nor copying works', async () => {
    const { user, button } = renderShare();
    browserWith({
      share: () => Promise.reject(new DOMException('Not allowed', 'NotAllowedError')),
      writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')),
    });

    await user.click(button);
    expect(await screen.findByText(LinkMessages.shareFailed)).toBeInTheDocument();
    expect(screen.getByText(LinkMessages.shareFailedDetail)).toBeInTheDocument();
    expect(screen.queryByText(LinkMessages.copied)).not.toBeInTheDocument();
  });

  it('neither shares nor copies when no short link could be made', async () => {
    const { user, button } = renderShare(vi.fn(() => Promise.reject(new Error('offline'))));
    const browser = browserWith({ writeText: async () => {} });

    await user.click(button);
    await waitFor(() => expect(button).toBeEnabled());
    expect(browser.writeText).not.toHaveBeenCalled();
    expect(screen.queryByText(LinkMessages.copied)).not.toBeInTheDocument();
  });
});
