import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { AUTHOR_SEARCH_DEBOUNCE_MS } from '@bookshop/contracts/constants';
import { useAuthorNamed, useAuthorSearch } from '../api/search-authors.ts';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { useCatalogueText } from '../../../lib/i18n/catalogue-text.ts';
import { CloseIcon } from '../../../ui/icons.tsx';

type AuthorPickerProps = {
  /** The chosen author's English name, as the URL keeps it; undefined for every author. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
};

/**
 * The list's author filter (decision 097): an ARIA 1.2 combobox that asks the API for a few
 * authors as the customer types, instead of a select holding every author of the catalogue.
 * Typing, a click or ArrowDown opens the list, arrows move, Enter chooses
 * (Enter in an emptied box clears the filter), Escape closes the list, then restores the name.
 */
export function AuthorPicker({ value, onChange }: AuthorPickerProps) {
  const t = useT();
  const text = useCatalogueText();
  const ids = { input: useId(), listbox: useId(), option: useId() };
  const rootRef = useRef<HTMLDivElement>(null);
  // What the customer is typing; null while the box shows the chosen author.
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The words asked for: what was typed, once typing has paused.
  const [asked, setAsked] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAsked((typed ?? '').trim()), AUTHOR_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const optionId = (index: number) => `${ids.option}-${index}`;
  useEffect(() => {
    if (active >= 0) document.getElementById(`${ids.option}-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, ids.option]);

  const { author: chosen } = useAuthorNamed(value);
  const shown = value === undefined ? '' : chosen ? text.name(chosen) : value;
  // Asked for only once the list opens: the page itself carries no author but the chosen one.
  const search = useAuthorSearch(asked, open);
  const results = open ? (search.data ?? []) : [];
  const listShown = results.length > 0;
  useEffect(() => setActive(-1), [search.data]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const choose = (name: string | undefined) => {
    close();
    setTyped(null);
    if (name?.toLowerCase() !== value?.toLowerCase()) onChange(name);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = results.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (!listShown) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(active === -1 && step === -1 ? count - 1 : (active + step + count) % count);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const picked = listShown ? results[active] : undefined;
      if (picked) choose(picked.name);
      else if (typed?.trim() === '') choose(undefined);
    } else if (event.key === 'Escape' && (open || typed !== null)) {
      event.preventDefault();
      if (open) close();
      else setTyped(null);
    }
  };

  return (
    <div
      ref={rootRef}
      className="relative flex flex-col gap-1.5"
      onBlur={(event) => {
        if (rootRef.current?.contains(event.relatedTarget)) return;
        close();
        setTyped(null);
      }}
    >
      <label htmlFor={ids.input} className="text-sm font-medium text-stone-900">
        {t('filters.author')}
      </label>
      <div className="relative">
        <input
          id={ids.input}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          placeholder={t('filters.allAuthors')}
          aria-autocomplete="list"
          aria-expanded={listShown}
          aria-controls={listShown ? ids.listbox : undefined}
          aria-activedescendant={listShown && active >= 0 ? optionId(active) : undefined}
          value={typed ?? shown}
          onChange={(event) => {
            setTyped(event.target.value);
            setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          // 16px on phones, so that focusing the box does not zoom the page.
          className="h-10 w-full rounded-md border border-stone-300 bg-white ps-2 pe-9 text-base placeholder:text-stone-600 sm:text-sm"
        />
        {value !== undefined && (
          <button
            type="button"
            aria-label={t('filters.clearAuthor', { author: shown })}
            onClick={() => choose(undefined)}
            className="absolute inset-y-0 end-0 flex w-9 items-center justify-center rounded-e-md text-stone-600 hover:text-stone-900 focus-visible:outline-2 focus-visible:outline-stone-900"
          >
            <CloseIcon className="size-4" />
          </button>
        )}
      </div>
      {open && (
        <div
          role="presentation"
          className="absolute inset-x-0 top-full z-30 mt-1 max-h-64 overflow-y-auto rounded-md border border-stone-200 bg-white py-1 text-sm shadow-lg"
          // Keeps focus in the box while an author is clicked, so blur does not close the list first.
          onMouseDown={(event) => event.preventDefault()}
        >
          {search.isPending ? (
            <p role="status" className="px-3 py-2 text-stone-600">
              {t('filters.authorsLoading')}
            </p>
          ) : search.isError ? (
            <p role="alert" className="px-3 py-2 text-rose-800">
              {t('filters.authorsError')}
            </p>
          ) : results.length === 0 ? (
            <p role="status" className="px-3 py-2 text-stone-600">
              {t('filters.authorsNone', { text: asked })}
            </p>
          ) : (
            <ul id={ids.listbox} role="listbox" aria-label={t('filters.authorSuggestions')}>
              {results.map((author, index) => (
                <li
                  key={author.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  // mousedown, not click: the box keeps the focus (the keyboard works there, through aria-activedescendant).
                  onMouseDown={() => choose(author.name)}
                  onMouseMove={() => setActive(index)}
                  className={`flex min-h-10 cursor-pointer items-center px-3 py-2 text-stone-900 ${index === active ? 'bg-stone-100' : ''}`}
                >
                  {text.name(author)}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
