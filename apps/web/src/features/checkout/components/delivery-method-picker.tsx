import type { DeliveryMethod, DeliveryMethodCode } from '@bookshop/contracts/delivery';
import { useFormat } from '../../../lib/i18n/format.ts';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { useServerText } from '../lib/server-text.ts';

type DeliveryMethodPickerProps = {
  methods: DeliveryMethod[];
  chosen: DeliveryMethodCode | undefined;
  onChoose: (code: DeliveryMethodCode) => void;
  disabled: boolean;
};

/** The API's methods with their fee for this cart; one that cannot be chosen is disabled and says why. */
export function DeliveryMethodPicker({ methods, chosen, onChoose, disabled }: DeliveryMethodPickerProps) {
  const t = useT();
  const { price: formatPrice } = useFormat();
  const serverText = useServerText();
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-3 text-lg font-bold text-stone-900">{t('checkout.delivery.legend')}</legend>
      {methods.map((method) => {
        const reasonId = `delivery-${method.code}-reason`;
        const descriptionId = `delivery-${method.code}-description`;
        return (
          <label
            key={method.code}
            className={`flex gap-3 rounded-lg border border-stone-200 bg-white p-4 ${method.isAvailable ? 'cursor-pointer has-checked:border-brand has-checked:ring-1 has-checked:ring-brand' : 'cursor-not-allowed bg-stone-50'}`}
          >
            <input
              type="radio"
              name="checkout-delivery-method"
              value={method.code}
              checked={chosen === method.code}
              disabled={disabled || !method.isAvailable}
              onChange={() => onChoose(method.code)}
              aria-describedby={method.isAvailable ? descriptionId : `${descriptionId} ${reasonId}`}
              className="mt-1 size-4 shrink-0 accent-brand"
            />
            <span className="grid flex-1 gap-0.5 text-sm">
              <span className="flex flex-wrap justify-between gap-x-3 font-semibold text-stone-900">
                <span>{serverText(method.name)}</span>
                <span className="tabular-nums">
                  {method.fee === 0 ? (
                    <>
                      {method.baseFee > 0 && (
                        <>
                          <span className="sr-only">{t('checkout.delivery.usually')} </span>
                          <s className="me-1.5 font-normal text-stone-500">{formatPrice(method.baseFee)}</s>
                        </>
                      )}
                      {t('checkout.delivery.free')}
                    </>
                  ) : (
                    formatPrice(method.fee)
                  )}
                </span>
              </span>
              <span id={descriptionId} className="text-stone-700">
                {serverText(method.description)}
              </span>
              {!method.isAvailable && method.unavailableReason && (
                <span id={reasonId} className="text-amber-900">
                  {serverText(method.unavailableReason)}
                </span>
              )}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
