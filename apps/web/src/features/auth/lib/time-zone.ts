/** The browser's IANA time zone (e.g. "Asia/Dubai"); dates in e-mails use it. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
