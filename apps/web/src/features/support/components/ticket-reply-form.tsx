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
import { useLocale, useT } from '../../../lib/i18n/i18n.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextAreaField } from '../../../ui/form-fields.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useReplyToOwnTicket } from '../api/reply-to-own-ticket.ts';

/** The customer's reply under their ticket's thread; on a closed ticket it says the reply opens it again. */
export function TicketReplyForm({ ticket }: { ticket: Pick<CustomerTicket, 'id' | 'ticketNumber' | 'status'> }) {
  const t = useT();
  const locale = useLocale();
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
      aria-label={t('tickets.replyTo', { ticketNumber: ticket.ticketNumber })}
      className="grid gap-3"
      onSubmit={handleSubmit((values) =>
        reply.mutate(values, {
          onSuccess: () => {
            // The contract's words on English pages, as the API answers them.
            toast.success(locale === 'en' ? SupportMessages.followUpSent : t('tickets.followUpSent'));
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
        label={t('tickets.yourReply')}
        maxLength={MESSAGE_MAX_LENGTH}
        hint={ticket.status === 'closed' ? t('tickets.closedHint') : t('tickets.openHint')}
        error={errors.message?.message}
        {...register('message')}
      />
      <Button type="submit" size="sm" className="justify-self-start" pending={reply.isPending}>
        {t('tickets.sendReply')}
      </Button>
    </form>
  );
}
