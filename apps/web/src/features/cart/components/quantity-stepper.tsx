import { Spinner } from '../../../ui/spinner.tsx';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { MinusIcon, PlusIcon } from '../../../ui/icons.tsx';

type QuantityStepperProps = {
  title: string;
  quantity: number;
  /** False at the stock limit: the + button is disabled. */
  canIncrease: boolean;
  /** Another cart change is on its way; every control waits for it. */
  disabled: boolean;
  /** This line's change is the one on its way. */
  pending: boolean;
  onIncrease: () => void;
  /** Lowers the quantity by one; at one the line is dropped (spec section 4). */
  onDecrease: () => void;
};

const stepClasses =
  'inline-flex size-9 items-center justify-center text-stone-800 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-40';

export function QuantityStepper({
  title,
  quantity,
  canIncrease,
  disabled,
  pending,
  onIncrease,
  onDecrease,
}: QuantityStepperProps) {
  const t = useT();
  return (
    <div role="group" aria-label={t('stepper.quantity', { title })} className="inline-flex items-center gap-2">
      <div className="inline-flex items-center overflow-hidden rounded-md border border-stone-300 bg-white">
        <button
          type="button"
          className={stepClasses}
          disabled={disabled}
          onClick={onDecrease}
          aria-label={quantity <= 1 ? t('stepper.remove', { title }) : t('stepper.removeOne', { title })}
        >
          <MinusIcon />
        </button>
        <output aria-live="polite" className="min-w-10 px-1 text-center font-semibold tabular-nums">
          {quantity}
        </output>
        <button
          type="button"
          className={stepClasses}
          disabled={disabled || !canIncrease}
          onClick={onIncrease}
          aria-label={t('stepper.addOne', { title })}
        >
          <PlusIcon />
        </button>
      </div>
      {pending && <Spinner label={t('stepper.updating')} className="size-4 text-stone-500" />}
    </div>
  );
}
