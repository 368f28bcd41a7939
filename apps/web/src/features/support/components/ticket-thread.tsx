import type { TicketReply } from '@bookshop/contracts/support';
import { useFormat } from '../../../lib/i18n/format.ts';
import { useT } from '../../../lib/i18n/i18n.tsx';

type ThreadProps = {
  /** The first message and who wrote it; the author's later messages carry the same name ('You' on /account). */
  first: { authorName: string; message: string; createdAt: string };
  replies: readonly TicketReply[];
};

/**
 * A ticket's messages, oldest first: the author's on one side, the shop's on the other. Everything
 * is rendered as text (React escapes it), with the line breaks that were typed; nothing a visitor
 * or staff member wrote is ever read as HTML.
 */
export function TicketThread({ first, replies }: ThreadProps) {
  const t = useT();
  const format = useFormat();
  const messages = [
    { key: 'first', fromStaff: false, ...first },
    ...replies.map((reply) => ({
      key: String(reply.id),
      fromStaff: !reply.fromCustomer,
      ...reply,
      authorName: reply.fromCustomer ? first.authorName : reply.authorName,
    })),
  ];
  return (
    <ol className="grid gap-3" aria-label={t('tickets.messages')}>
      {messages.map((message) => (
        <li
          key={message.key}
          className={`grid gap-1 rounded-lg border p-4 ${
            message.fromStaff ? 'border-brand/30 bg-amber-50 sm:ms-8' : 'border-stone-200 bg-white sm:me-8'
          }`}
        >
          <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
            <span className="font-semibold text-stone-900">{message.authorName}</span>
            <time dateTime={message.createdAt} className="text-stone-600">
              {format.dateTime(message.createdAt)}
            </time>
          </p>
          <p dir="auto" className="break-words whitespace-pre-wrap text-stone-800">
            {message.message}
          </p>
        </li>
      ))}
    </ol>
  );
}
