import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import {
  CreateTicketReplySchema,
  MESSAGE_MAX_LENGTH,
  SupportMessages,
  type CreateTicketReply,
  type StaffTicket,
} from '@bookshop/contracts/support';
import { ApiError } from '../../../lib/api-client.ts';
import { serverFieldError } from '../../../lib/field-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { TextAreaField } from '../../../ui/form-fields.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useStaffTicket } from '../api/get-staff-ticket.ts';
import { useRecordAuthorReply } from '../api/record-author-reply.ts';
import { useReplyToTicket } from '../api/reply-to-ticket.ts';
import { useUpdateTicketStatus } from '../api/update-ticket-status.ts';
import { TicketStatusBadge } from '../../support/components/ticket-status-badge.tsx';
import { TicketThread } from '../../support/components/ticket-thread.tsx';
import { KIND_LABELS } from './admin-support-page.tsx';
import { EmailAddress } from '../../../ui/email-address.tsx';

const validId = (raw: string | undefined) => {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
};

type AdminTicketPageProps = { /** support-tickets:manage: the reply form and Close/Reopen show. */ canManage: boolean };

/** /admin/dashboard/support/:id (support-tickets:view): one ticket or contact message with its thread. */
export function AdminTicketPage({ canManage }: AdminTicketPageProps) {
  const id = validId(useParams().id);
  const ticket = useStaffTicket(id ?? 0, { enabled: id !== undefined });
  const notFound = id === undefined || (ticket.error instanceof ApiError && ticket.error.status === 404);
  useDocumentTitle(ticket.data ? `Ticket ${ticket.data.ticketNumber}` : 'Ticket');

  const back = (
    <Link to={Routes.adminSupport} className="text-sm font-semibold text-brand hover:underline">
      ← Back to support
    </Link>
  );
  if (notFound) {
    return (
      <div className="grid justify-items-start gap-3">
        {back}
        <h1 className="text-3xl font-bold text-stone-900">Ticket not found</h1>
        <p role="alert">{SupportMessages.notFound}</p>
      </div>
    );
  }
  if (ticket.isPending) return <Spinner label="Loading the ticket" className="size-8" />;
  if (ticket.isError) {
    return <LoadError placement="page" onRetry={() => ticket.refetch()} />;
  }

  const { data } = ticket;
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        {back}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="flex flex-wrap items-center gap-3 text-3xl font-bold text-stone-900">
            Ticket {data.ticketNumber} <TicketStatusBadge status={data.status} />
          </h1>
          {canManage && <StatusButton ticket={data} />}
        </div>
      </div>

      <dl className="grid gap-x-6 gap-y-3 rounded-xl border border-stone-200 bg-white p-5 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-semibold text-stone-700">From</dt>
          <dd className="break-words text-stone-900">
            {data.name}
            {data.emailAddress && (
              <>
                {' '}
                &lt;
                <a href={`mailto:${data.emailAddress}`} className="text-brand hover:underline">
                  <EmailAddress value={data.emailAddress} />
                </a>
                &gt;
              </>
            )}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-stone-700">Sent through</dt>
          <dd className="text-stone-900">{KIND_LABELS[data.kind]}</dd>
        </div>
        <div>
          <dt className="font-semibold text-stone-700">Received</dt>
          <dd className="text-stone-900">
            <time dateTime={data.createdAt}>{formatDateTime(data.createdAt)}</time>
          </dd>
        </div>
        {data.orderId !== null && (
          <div>
            <dt className="font-semibold text-stone-700">Order</dt>
            <dd>
              <Link
                to={Routes.adminOrder.replace(':id', String(data.orderId))}
                className="font-semibold text-brand hover:underline"
              >
                {data.orderNumber}
              </Link>
            </dd>
          </div>
        )}
        {data.closedAt && (
          <div>
            <dt className="font-semibold text-stone-700">Closed</dt>
            <dd className="text-stone-900">
              <time dateTime={data.closedAt}>{formatDateTime(data.closedAt)}</time>
            </dd>
          </div>
        )}
      </dl>

      <section aria-labelledby="ticket-subject" className="grid gap-3">
        <h2 id="ticket-subject" className="text-xl font-bold break-words text-stone-900">
          {data.subject}
        </h2>
        <TicketThread
          first={{ authorName: data.name, message: data.message, createdAt: data.createdAt }}
          replies={data.replies}
        />
      </section>

      {canManage && <ReplyForm key={data.status} ticket={data} />}
    </div>
  );
}

/** Close (with a confirmation: it leaves the list) or reopen. */
function StatusButton({ ticket }: { ticket: StaffTicket }) {
  const update = useUpdateTicketStatus(ticket.id);
  const [confirming, setConfirming] = useState(false);
  if (ticket.status === 'closed') {
    return (
      <Button
        variant="secondary"
        pending={update.isPending}
        onClick={() => update.mutate('open', { onSuccess: () => toast.success('Ticket reopened.') })}
      >
        Reopen Ticket
      </Button>
    );
  }
  return (
    <>
      <Button variant="secondary" pending={update.isPending} onClick={() => setConfirming(true)}>
        Close Ticket
      </Button>
      {confirming && (
        <ConfirmDialog
          title={`Close ticket ${ticket.ticketNumber}?`}
          description="It leaves the list of open tickets and takes no more replies until it is reopened. The author is not told."
          cancelLabel="Keep Open"
          confirmLabel="Close Ticket"
          onClose={() => setConfirming(false)}
          onConfirm={() => update.mutate('closed', { onSuccess: () => toast.success('Ticket closed.') })}
        />
      )}
    </>
  );
}

/** Our answer (e-mailed), or the author's answer that reached support by e-mail, pasted (not e-mailed). */
type ReplyKind = 'answer' | 'pasted';

function ReplyForm({ ticket }: { ticket: StaffTicket }) {
  const closed = ticket.status === 'closed';
  // A closed ticket takes no answer until it is reopened; the author's own words reopen it.
  const [kind, setKind] = useState<ReplyKind>(closed ? 'pasted' : 'answer');
  const answer = useReplyToTicket(ticket.id);
  const paste = useRecordAuthorReply(ticket.id);
  const send = kind === 'answer' ? answer : paste;
  const kindName = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CreateTicketReply>({
    resolver: zodResolver(CreateTicketReplySchema),
    mode: 'onChange',
    defaultValues: { message: '' },
  });
  const to = ticket.emailAddress || 'nobody (the account was deleted)';
  const hints: Record<ReplyKind, string> = {
    answer: `E-mailed to ${to} and kept in this thread, as plain text.`,
    pasted: closed
      ? `Kept in this thread as ${ticket.name}'s, not e-mailed; the ticket opens again.`
      : `Kept in this thread as ${ticket.name}'s, not e-mailed.`,
  };
  const choices: { value: ReplyKind; label: string }[] = [
    { value: 'answer', label: closed ? 'Our answer (reopen the ticket first)' : 'Our answer' },
    { value: 'pasted', label: `${ticket.name}'s e-mailed reply, pasted` },
  ];

  return (
    <form
      noValidate
      aria-label="Reply to this ticket"
      className="grid gap-4 rounded-xl border border-stone-200 bg-white p-5"
      onSubmit={handleSubmit((values) =>
        send.mutate(values, {
          onSuccess: () => {
            toast.success(kind === 'answer' ? 'Reply sent.' : 'Added to the thread.');
            reset({ message: '' });
          },
          onError: (error) => {
            const message = serverFieldError(error, 'message');
            if (message) setError('message', { type: 'server', message });
          },
        }),
      )}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold text-stone-800">This message is</legend>
        {choices.map((choice) => (
          <label key={choice.value} className="flex min-h-11 items-center gap-2 text-stone-800">
            <input
              type="radio"
              name={kindName}
              value={choice.value}
              checked={kind === choice.value}
              disabled={choice.value === 'answer' && closed}
              onChange={() => setKind(choice.value)}
              className="size-4 accent-brand"
            />
            {choice.label}
          </label>
        ))}
      </fieldset>
      <TextAreaField
        label="Reply"
        maxLength={MESSAGE_MAX_LENGTH}
        hint={hints[kind]}
        error={errors.message?.message}
        {...register('message')}
      />
      <Button type="submit" className="justify-self-start" pending={send.isPending}>
        {kind === 'answer' ? 'Send Reply' : 'Add to Thread'}
      </Button>
    </form>
  );
}
