import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  CreateTicketReplySchema,
  MESSAGE_MAX_LENGTH,
  SupportMessages,
  type CreateTicketReply,
  type CustomerTicket,
} from '@bookshop/contracts/support';
import { serverFieldError } from '../../../lib/field-errors.ts';
import { Button } from '../../../ui/button.tsx';
import { TextAreaField } from '../../../ui/form-fields.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useReplyToOwnTicket } from '../api/reply-to-own-ticket.ts';

/** The customer's reply under their ticket's thread; on a closed ticket it says the reply opens it again. */
export function TicketReplyForm({ ticket }: { ticket: Pick<CustomerTicket, 'id' | 'ticketNumber' | 'status'> }) {
  const reply = useReplyToOwnTicket(ticket.id);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CreateTicketReply>({
    resolver: zodResolver(CreateTicketReplySchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { message: '' },
  });

  return (
    <form
      noValidate
      aria-label={`Reply to ticket ${ticket.ticketNumber}`}
      className="grid gap-3"
      onSubmit={handleSubmit((values) =>
        reply.mutate(values, {
          onSuccess: () => {
            toast.success(SupportMessages.followUpSent);
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
        label="Your reply"
        maxLength={MESSAGE_MAX_LENGTH}
        hint={
          ticket.status === 'closed'
            ? 'This ticket is closed; your reply opens it again.'
            : 'We answer here and by e-mail.'
        }
        error={errors.message?.message}
        {...register('message')}
      />
      <Button type="submit" size="sm" className="justify-self-start" pending={reply.isPending}>
        Send Reply
      </Button>
    </form>
  );
}
