import type { TicketStatus } from '@bookshop/contracts/support';

const looks: Record<TicketStatus, { label: string; className: string }> = {
  open: { label: 'Open', className: 'bg-amber-100 text-amber-950 ring-amber-300' },
  closed: { label: 'Closed', className: 'bg-stone-200 text-stone-800 ring-stone-300' },
};

/** The ticket's status in words (colour only repeats it, WCAG 1.4.1). */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const look = looks[status];
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold ring-1 ring-inset ${look.className}`}
    >
      {look.label}
    </span>
  );
}
