import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { NamedRefInput as NamedRef } from '@bookshop/contracts/book-admin';
import { CloseIcon } from '../../../../ui/icons.tsx';

type Named = { id: number; name: string; nameAr?: string | null };

type NamePickerProps = {
  label: string;
  /** 'author' or 'genre': used in "Add “X” as a new author". */
  noun: string;
  options: readonly Named[];
  value: readonly NamedRef[];
  onChange: (value: NamedRef[]) => void;
  onBlur?: () => void;
  error?: string;
  loading?: boolean;
  /**
   * The typed text as it changes, for a picker whose options are asked for by it (authors: a few
   * at a time, decision 097); the options given are then the answer for the text.
   */
  onTextChange?: (text: string) => void;
  /** The options for the typed text are on their way: a name is not offered as new meanwhile. */
  searching?: boolean;
};

const idOf = (ref: NamedRef) => (typeof ref === 'number' ? ref : 'id' in ref ? ref.id : undefined);
const nameOf = (ref: NamedRef, byId: Map<number, Named>) => {
  const id = idOf(ref);
  return id === undefined ? (ref as { name: string }).name : (byId.get(id)?.name ?? `#${id}`);
};
/** The Arabic name as typed for this choice, else the one the author or genre has (decision 090). */
const arabicOf = (ref: NamedRef, byId: Map<number, Named>) => {
  if (typeof ref === 'object' && ref.nameAr !== undefined) return ref.nameAr ?? '';
  const id = idOf(ref);
  return (id !== undefined && byId.get(id)?.nameAr) || '';
};
/** The choice with its Arabic name set: an existing one by id, a new one by name. */
const withArabic = (ref: NamedRef, nameAr: string): NamedRef => {
  const id = idOf(ref);
  return id === undefined ? { name: (ref as { name: string }).name, nameAr } : { id, nameAr };
};
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const SHOWN = 50;

/**
 * A searchable multi-select (ARIA combobox with a listbox): type to filter, arrows to move,
 * Enter to choose, Escape to close, Backspace in the empty box removes the last choice. When
 * nothing has the typed name, the last option adds it as a new one (created with the book).
 */
export function NamePicker({
  label,
  noun,
  options,
  value,
  onChange,
  onBlur,
  error,
  loading,
  onTextChange,
  searching = false,
}: NamePickerProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // Every option offered so far, so a choice keeps its name when the next search's options lack it.
  const byId = useRef(new Map<number, Named>()).current;
  for (const option of options) byId.set(option.id, option);
  const chosenIds = new Set(value.map(idOf).filter((v) => v !== undefined));
  const chosenNames = value.map((v) => nameOf(v, byId));

  const typed = text.trim();
  const holdsTyped = (o: Named) =>
    o.name.toLowerCase().includes(typed.toLowerCase()) || Boolean(o.nameAr?.includes(typed));
  const matches = options.filter((o) => !chosenIds.has(o.id) && holdsTyped(o)).slice(0, SHOWN);
  // Not while the options for the typed text are on their way: the name may be among them.
  const canCreate =
    !loading &&
    !searching &&
    typed.length > 0 &&
    !options.some((o) => same(o.name, typed)) &&
    !chosenNames.some((n) => same(n, typed));
  type Choice = { key: string; label: string; ref: NamedRef };
  const choices: Choice[] = [
    ...matches.map((o) => ({ key: `o${o.id}`, label: o.name, ref: o.id })),
    ...(canCreate ? [{ key: 'new', label: `Add “${typed}” as a new ${noun}`, ref: { name: typed } }] : []),
  ];
  const activeIndex = Math.min(active, choices.length - 1);

  const choose = (choice: Choice) => {
    onChange([...value, choice.ref]);
    setText('');
    onTextChange?.('');
    setActive(0);
  };
  const remove = (index: number) => onChange(value.filter((_, i) => i !== index));
  const setArabic = (index: number, nameAr: string) =>
    onChange(value.map((ref, i) => (i === index ? withArabic(ref, nameAr) : ref)));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, choices.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter') {
      if (open && choices[activeIndex]) {
        event.preventDefault();
        choose(choices[activeIndex]);
      }
    } else if (event.key === 'Escape') {
      setOpen(false);
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      remove(value.length - 1);
    }
  };

  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  return (
    <div className="grid content-start gap-1.5">
      <label htmlFor={`${id}-input`} className="text-sm font-semibold text-stone-800">
        {label}
      </label>
      {value.length > 0 && (
        <ul aria-label={`Chosen ${noun}s`} className="flex flex-wrap gap-2">
          {value.map((ref, index) => (
            <li
              key={`${nameOf(ref, byId)}-${index}`}
              className="flex items-center gap-1 rounded-full bg-stone-100 ps-3 text-sm"
            >
              {nameOf(ref, byId)}
              {idOf(ref) === undefined && <span className="text-stone-600">(new)</span>}
              <button
                type="button"
                aria-label={`Remove ${noun} ${nameOf(ref, byId)}`}
                onClick={() => remove(index)}
                className="grid size-8 place-items-center rounded-full hover:bg-stone-200"
              >
                <CloseIcon className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {value.length > 0 && (
        <div className="grid gap-2">
          {value.map((ref, index) => (
            <label key={`${nameOf(ref, byId)}-${index}`} className="grid gap-1 text-sm text-stone-700">
              Arabic name of {nameOf(ref, byId)}
              <input
                dir="rtl"
                lang="ar"
                autoComplete="off"
                value={arabicOf(ref, byId)}
                onChange={(event) => setArabic(index, event.target.value)}
                onBlur={onBlur}
                className="min-h-11 w-full rounded-md border border-stone-300 bg-white px-3 text-base"
              />
            </label>
          ))}
        </div>
      )}
      <div className="relative">
        <input
          id={`${id}-input`}
          role="combobox"
          aria-expanded={open && choices.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && choices[activeIndex] ? `${id}-${choices[activeIndex].key}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          autoComplete="off"
          placeholder={loading ? `Loading ${noun}s…` : `Search or add ${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            onTextChange?.(event.target.value);
            setOpen(true);
            setActive(0);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            onBlur?.();
          }}
          onKeyDown={onKeyDown}
          className="min-h-11 w-full rounded-md border border-stone-300 bg-white px-3 text-base aria-invalid:border-red-700"
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={`${label} suggestions`}
          hidden={!open || choices.length === 0}
          className="absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-stone-300 bg-white py-1 shadow-lg"
        >
          {choices.map((choice, index) => (
            <li
              key={choice.key}
              id={`${id}-${choice.key}`}
              role="option"
              aria-selected={index === activeIndex}
              // mousedown, not click: the input keeps the focus and its blur does not close first.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(choice);
              }}
              className={`cursor-pointer px-3 py-2 text-sm ${index === activeIndex ? 'bg-brand text-white' : 'text-stone-900'}`}
            >
              {choice.label}
            </li>
          ))}
        </ul>
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
