import type { TicketStatus } from '@bookshop/contracts/support';
import { useT, type MessageId } from '../../../lib/i18n/i18n.tsx';

const looks: Record<TicketStatus, { label: MessageId; className: string }> = {
  open: { label: 'tickets.status.open', className: 'bg-amber-100 text-amber-950 ring-amber-300' },
  closed: { label: 'tickets.status.closed', className: 'bg-stone-200 text-stone-800 ring-stone-300' },
};

/** The ticket's status in words (colour only repeats it, WCAG 1.4.1). */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const t = useT();
  const look = looks[status];
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold ring-1 ring-inset ${look.className}`}
    >
      {t(look.label)}
    </span>
  );
}
