import type { PaymentMethodOption } from '@bookshop/contracts/checkout';
import type { PaymentMethod } from '@bookshop/contracts/fulfilment';
import { useFormat } from '../../../lib/i18n/format.ts';
import { useT, type MessageId } from '../../../lib/i18n/i18n.tsx';
import { useServerText } from '../lib/server-text.ts';

type PaymentMethodPickerProps = {
  options: PaymentMethodOption[];
  chosen: PaymentMethod;
  onChoose: (code: PaymentMethod) => void;
  disabled: boolean;
};

const descriptions: Record<PaymentMethod, MessageId> = {
  card: 'checkout.payment.cardDescription',
  cod: 'checkout.payment.codDescription',
};

/** 'Pay by card' or 'Cash on delivery' (decision 081); one that cannot be chosen is disabled and says why. */
export function PaymentMethodPicker({ options, chosen, onChoose, disabled }: PaymentMethodPickerProps) {
  const t = useT();
  const { price: formatPrice } = useFormat();
  const serverText = useServerText();
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-3 text-lg font-bold text-stone-900">{t('checkout.payment.legend')}</legend>
      {options.map((option) => {
        const descriptionId = `payment-${option.code}-description`;
        const reasonId = `payment-${option.code}-reason`;
        return (
          <label
            key={option.code}
            className={`flex gap-3 rounded-lg border border-stone-200 bg-white p-4 ${option.available ? 'cursor-pointer has-checked:border-brand has-checked:ring-1 has-checked:ring-brand' : 'cursor-not-allowed bg-stone-50'}`}
          >
            <input
              type="radio"
              name="checkout-payment-method"
              value={option.code}
              checked={chosen === option.code}
              disabled={disabled || !option.available}
              onChange={() => onChoose(option.code)}
              aria-describedby={option.available ? descriptionId : `${descriptionId} ${reasonId}`}
              className="mt-1 size-4 shrink-0 accent-brand"
            />
            <span className="grid flex-1 gap-0.5 text-sm">
              <span className="flex flex-wrap justify-between gap-x-3 font-semibold text-stone-900">
                <span>{serverText(option.name)}</span>
                {option.fee > 0 && <span className="tabular-nums">+ {formatPrice(option.fee)}</span>}
              </span>
              <span id={descriptionId} className="text-stone-700">
                {t(descriptions[option.code])}
              </span>
              {!option.available && option.reason && (
                <span id={reasonId} className="text-amber-900">
                  {serverText(option.reason)}
                </span>
              )}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
