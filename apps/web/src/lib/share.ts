export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/**
 * Offers `url` through the browser's share sheet where it has one (phones, some desktops), else
 * copies it. A sheet that fails for another reason than the person closing it (no permission,
 * nothing to share to) falls back to the clipboard; 'failed' means neither worked (no clipboard
 * outside https, permission refused).
 */
export async function shareOrCopy(data: { title: string; url: string }): Promise<ShareOutcome> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    await navigator.clipboard.writeText(data.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
