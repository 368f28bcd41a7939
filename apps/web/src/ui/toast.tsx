import { useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { NOTIFICATION_ANIMATION_MS, TOAST_DURATIONS } from '@bookshop/contracts/constants';
import { AlertIcon, CheckCircleIcon, CloseIcon, InfoIcon } from './icons.tsx';
import { SafeHtml } from './safe-html.tsx';
import { useT } from '../lib/i18n/i18n.tsx';

export type ToastVariant = 'success' | 'default' | 'destructive';

/** A notification as spec section 3 describes it. */
export type ToastOptions = {
  title: string;
  /** May hold simple HTML (see safe-html.tsx). */
  description?: string;
  icon?: ReactNode;
  variant?: ToastVariant;
  /** How long it stays, in ms. */
  time?: number;
};

type ToastItem = Required<Pick<ToastOptions, 'title' | 'variant' | 'time'>> &
  Pick<ToastOptions, 'description' | 'icon'> & { id: number; closing: boolean };

/** More than this many at once would cover the page; the oldest make room. */
const MAX_VISIBLE = 4;

let items: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function setItems(next: readonly ToastItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

function show({ title, description, icon, variant = 'default', time = TOAST_DURATIONS.default }: ToastOptions): number {
  const id = nextId++;
  const open = items.filter((item) => !item.closing);
  for (const old of open.slice(0, Math.max(0, open.length - MAX_VISIBLE + 1))) dismiss(old.id);
  setItems([...items, { id, title, description, icon, variant, time, closing: false }]);
  return id;
}

/** Starts the closing animation, then removes the toast. */
function dismiss(id: number) {
  if (!items.some((item) => item.id === id && !item.closing)) return;
  setItems(items.map((item) => (item.id === id ? { ...item, closing: true } : item)));
  setTimeout(() => setItems(items.filter((item) => item.id !== id)), NOTIFICATION_ANIMATION_MS);
}

/**
 * Shows a notification from anywhere (no hook needed):
 * `toast({ title, description, variant, time })`, `toast.success(title)`, `toast.error(title, detail)`.
 */
export const toast = Object.assign(show, {
  success: (title: string, description?: string) =>
    show({ title, description, variant: 'success', time: TOAST_DURATIONS.success }),
  error: (title: string, description?: string) =>
    show({ title, description, variant: 'destructive', time: TOAST_DURATIONS.error }),
  dismiss,
  /** Closes every error toast: what they said stopped being true (a failed login, once one succeeds). */
  dismissErrors: () => {
    for (const item of items) if (item.variant === 'destructive' && !item.closing) dismiss(item.id);
  },
  /** For tests: drop every toast at once. */
  reset: () => setItems([]),
});

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getItems = () => items;

const variantStyles: Record<ToastVariant, { box: string; icon: ReactNode }> = {
  success: {
    box: 'border-green-700 bg-green-50 text-green-950',
    icon: <CheckCircleIcon className="size-5 text-green-700" />,
  },
  default: {
    box: 'border-stone-300 bg-white text-stone-900',
    icon: <InfoIcon className="size-5 text-stone-700" />,
  },
  destructive: {
    box: 'border-red-700 bg-red-50 text-red-950',
    icon: <AlertIcon className="size-5 text-red-700" />,
  },
};

function ToastBanner({ item }: { item: ToastItem }) {
  const t = useT();
  const remaining = useRef(item.time);
  const startedAt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const start = () => {
    clearTimeout(timer.current);
    startedAt.current = Date.now();
    timer.current = setTimeout(() => dismiss(item.id), remaining.current);
  };
  // Hovering or focusing a notice holds it open, so nobody loses a message mid-read (WCAG 2.2.1).
  const pause = () => {
    clearTimeout(timer.current);
    remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt.current));
  };

  useEffect(() => {
    start();
    return () => clearTimeout(timer.current);
    // Runs once: the timer belongs to this toast's lifetime, not to re-renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const style = variantStyles[item.variant];
  return (
    <li
      className={
        'grid transition-[grid-template-rows,opacity] duration-300 ease-out motion-reduce:transition-none ' +
        (item.closing
          ? 'grid-rows-[0fr] opacity-0'
          : 'grid-rows-[1fr] opacity-100 starting:grid-rows-[0fr] starting:opacity-0')
      }
    >
      <div className="min-h-0 overflow-hidden">
        <div
          role={item.variant === 'destructive' ? 'alert' : 'status'}
          aria-atomic="true"
          onMouseEnter={pause}
          onMouseLeave={start}
          onFocus={pause}
          onBlur={start}
          className={`mb-2 flex items-start gap-3 rounded-lg border-s-4 border p-4 shadow-lg ${style.box}`}
        >
          <span className="mt-0.5 shrink-0">{item.icon ?? style.icon}</span>
          <div className="min-w-0 flex-1 text-sm">
            <p className="font-semibold">{item.title}</p>
            {item.description && (
              <div className="mt-1 break-words">
                <SafeHtml html={item.description} />
              </div>
            )}
          </div>
          <button
            type="button"
            onClick={() => dismiss(item.id)}
            className="-m-1 shrink-0 rounded p-1 hover:bg-black/5"
            aria-label={t('toast.close')}
          >
            <CloseIcon className="size-4" />
          </button>
        </div>
      </div>
    </li>
  );
}

/** Renders the notifications; mount it once, in the layout. */
export function Toaster() {
  const current = useSyncExternalStore(subscribe, getItems, getItems);
  const t = useT();
  return (
    // Top right, or top left on a right-to-left page (decision 089).
    <section aria-label={t('toast.region')} className="pointer-events-none fixed top-[78px] end-4 z-50">
      <ol className="pointer-events-auto w-[min(24rem,calc(100vw-2rem))] min-w-[min(300px,calc(100vw-2rem))]">
        {current.map((item) => (
          <ToastBanner key={item.id} item={item} />
        ))}
      </ol>
    </section>
  );
}
