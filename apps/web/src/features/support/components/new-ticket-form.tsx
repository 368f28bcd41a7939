import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  CreateSupportTicketSchema,
  HONEYPOT_FIELD,
  MESSAGE_MAX_LENGTH,
  MESSAGE_MIN_LENGTH,
  SUBJECT_MAX_LENGTH,
  type CreateSupportTicket,
} from '@bookshop/contracts/support';
import { serverFieldError } from '../../../lib/field-errors.ts';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { Button } from '../../../ui/button.tsx';
import { SelectField, TextAreaField, TextField } from '../../../ui/form-fields.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useCreateSupportTicket } from '../api/create-support-ticket.ts';
import { HoneypotField } from './honeypot-field.tsx';

/** An order the ticket may be about, as the account page lists it. */
export type OrderChoice = { id: number; label: string };

const FIELDS = ['subject', 'message', 'orderId'] as const;
const EMPTY: CreateSupportTicket = { subject: '', message: '', orderId: null, [HONEYPOT_FIELD]: '' };

type NewTicketFormProps = {
  /** The customer's recent orders; undefined while they load. */
  orderChoices: readonly OrderChoice[] | undefined;
  onDone: () => void;
};

/** Opens a ticket: subject, message and, optionally, which of the customer's orders it is about. */
export function NewTicketForm({ orderChoices, onDone }: NewTicketFormProps) {
  const t = useT();
  const create = useCreateSupportTicket();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CreateSupportTicket>({
    resolver: zodResolver(CreateSupportTicketSchema),
    mode: 'onChange',
    defaultValues: EMPTY,
  });

  const onSubmit = (values: CreateSupportTicket) =>
    create.mutate(values, {
      onSuccess: ({ message }) => {
        toast.success(message);
        onDone();
      },
      onError: (error) => {
        for (const field of FIELDS) {
          const message = serverFieldError(error, field);
          if (message) setError(field, { type: 'server', message });
        }
      },
    });

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-label={t('tickets.newTicketForm')}
      className="relative grid gap-5 rounded-xl border border-stone-200 bg-white p-5 sm:p-6"
    >
      <TextField
        label={t('tickets.subject')}
        maxLength={SUBJECT_MAX_LENGTH}
        error={errors.subject?.message}
        {...register('subject')}
      />
      <SelectField
        label={t('tickets.orderOptional')}
        disabled={orderChoices === undefined}
        error={errors.orderId?.message}
        {...register('orderId', { setValueAs: (value: string | number | null) => (value ? Number(value) : null) })}
      >
        <option value="">{t('tickets.noOrder')}</option>
        {orderChoices?.map((order) => (
          <option key={order.id} value={order.id}>
            {order.label}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={t('tickets.message')}
        maxLength={MESSAGE_MAX_LENGTH}
        hint={t('tickets.messageLength', { min: MESSAGE_MIN_LENGTH, max: MESSAGE_MAX_LENGTH })}
        error={errors.message?.message}
        {...register('message')}
      />
      <HoneypotField {...register(HONEYPOT_FIELD)} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" pending={create.isPending}>
          {t('tickets.sendTicket')}
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={create.isPending}>
          {t('tickets.cancel')}
        </Button>
      </div>
    </form>
  );
}
