import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
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
import { useReplyToTicket } from '../api/reply-to-ticket.ts';
import { useUpdateTicketStatus } from '../api/update-ticket-status.ts';
import { TicketStatusBadge } from '../../support/components/ticket-status-badge.tsx';
import { TicketThread } from '../../support/components/ticket-thread.tsx';
import { KIND_LABELS } from './admin-support-page.tsx';

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
                <a href={`mailto:${data.emailAddress}`} className="break-all text-brand hover:underline">
                  {data.emailAddress}
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

      {canManage && data.status === 'open' && <ReplyForm ticket={data} />}
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

function ReplyForm({ ticket }: { ticket: StaffTicket }) {
  const reply = useReplyToTicket(ticket.id);
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

  return (
    <form
      noValidate
      aria-label="Reply to this ticket"
      className="grid gap-4 rounded-xl border border-stone-200 bg-white p-5"
      onSubmit={handleSubmit((values) =>
        reply.mutate(values, {
          onSuccess: () => {
            toast.success('Reply sent.');
            reset({ message: '' });
          },
          onError: (error) => {
            const message = serverFieldError(error, 'message');
            if (message) setError('message', { type: 'server', message });
          },
        }),
      )}
    >
      <TextAreaField
        label="Reply"
        maxLength={MESSAGE_MAX_LENGTH}
        hint={`E-mailed to ${to} and kept in this thread, as plain text.`}
        error={errors.message?.message}
        {...register('message')}
      />
      <Button type="submit" className="justify-self-start" pending={reply.isPending}>
        Send Reply
      </Button>
    </form>
  );
}
