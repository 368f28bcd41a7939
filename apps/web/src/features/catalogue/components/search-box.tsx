import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { SEARCH_DEBOUNCE_MS, SEARCH_KEYWORD_MAX_LENGTH } from '@bookshop/contracts/constants';
import { bookPath, searchPath } from '@bookshop/contracts/routes';
import { useSearchBooks } from '../api/search-books.ts';
import { BookImage } from './book-image.tsx';
import { useSpecText, useT } from '../../../lib/i18n/i18n.tsx';
import { useCatalogueText } from '../../../lib/i18n/catalogue-text.ts';

/**
 * The home page's search: an ARIA 1.2 combobox whose list pops up once typing has paused for the
 * debounce time. Arrow keys move through the results and the 'See all results' option after them,
 * Enter opens the chosen one (with none chosen, the results page: decision 088), Escape closes the list.
 */
export function SearchBox({ initialText = '' }: { initialText?: string }) {
  const [text, setText] = useState(initialText);
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const navigate = useNavigate();
  const t = useT();
  const catalogueText = useCatalogueText();
  const spec = useSpecText();
  const rootRef = useRef<HTMLDivElement>(null);
  const ids = { input: useId(), hint: useId(), listbox: useId(), option: useId() };

  const trimmed = text.trim();
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(trimmed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [trimmed]);

  const search = useSearchBooks(keyword);
  const results = search.data ?? [];
  // Clearing the box hides the list at once rather than a second later.
  const expanded = open && keyword !== '' && trimmed !== '';
  const showList = expanded && search.isSuccess && results.length > 0;
  // The results, then 'See all results'.
  const optionCount = results.length + 1;

  useEffect(() => setActiveIndex(-1), [search.data]);
  useEffect(() => {
    if (activeIndex >= 0)
      document.getElementById(`${ids.option}-${activeIndex}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex, ids.option]);

  const close = () => {
    setOpen(false);
    setActiveIndex(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) setOpen(true);
        if (!showList) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActiveIndex((index) =>
          index === -1 && step === -1 ? optionCount - 1 : (index + step + optionCount) % optionCount,
        );
        return;
      }
      case 'Enter': {
        event.preventDefault();
        const chosen = showList ? results[activeIndex] : undefined;
        if (chosen) {
          close();
          void navigate(bookPath(chosen.title));
        } else if (trimmed) {
          // No book chosen (or 'See all results'): every book the words find, on their own page.
          close();
          void navigate(searchPath(trimmed));
        }
        return;
      }
      case 'Escape':
        event.preventDefault();
        if (expanded) close();
        else setText('');
        return;
    }
  };

  return (
    <div
      ref={rootRef}
      className="relative mx-auto w-full max-w-2xl"
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget)) close();
      }}
    >
      <label htmlFor={ids.input} className="sr-only">
        {t('search.label')}
      </label>
      <div className="relative">
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 start-3 h-5 w-5 -translate-y-1/2 text-stone-500"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
        <input
          id={ids.input}
          type="search"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          maxLength={SEARCH_KEYWORD_MAX_LENGTH}
          placeholder={spec('searchPlaceholder')}
          aria-describedby={ids.hint}
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={showList ? ids.listbox : undefined}
          aria-activedescendant={showList && activeIndex >= 0 ? `${ids.option}-${activeIndex}` : undefined}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
          className="h-11 w-full rounded-full border border-stone-300 bg-white pe-3 ps-10 text-base shadow-sm placeholder:text-stone-500 sm:h-12 sm:pe-4 sm:ps-11 focus:border-stone-900 focus:outline-2 focus:outline-stone-900"
        />
      </div>
      {/* On a phone the hint is read, not shown: the first screen is for books. */}
      <p id={ids.hint} className="mt-1.5 px-4 text-sm text-stone-600 max-sm:sr-only">
        {spec('searchHint')}
      </p>
      {expanded && (
        <div
          role="presentation"
          className="absolute inset-x-0 top-14 z-30 max-h-96 overflow-y-auto rounded-lg border border-stone-200 bg-white py-1 shadow-lg"
          // Keeps focus in the input while a result is clicked, so blur does not close the list first.
          onMouseDown={(event) => event.preventDefault()}
        >
          {search.isPending ? (
            <p role="status" className="px-4 py-3 text-sm text-stone-600">
              {spec('searchLoading')}
            </p>
          ) : search.isError ? (
            <p role="alert" className="px-4 py-3 text-sm text-rose-800">
              {spec('searchError')}
            </p>
          ) : results.length === 0 ? (
            <p role="status" className="px-4 py-3 text-sm text-stone-600">
              {t('search.noMatch', { keyword })}
            </p>
          ) : (
            <div id={ids.listbox} role="listbox" aria-label={t('search.results')}>
              {results.map((result, index) => (
                <Link
                  key={result.id}
                  id={`${ids.option}-${index}`}
                  role="option"
                  aria-selected={index === activeIndex}
                  tabIndex={-1}
                  to={bookPath(result.title)}
                  onClick={close}
                  onMouseMove={() => setActiveIndex(index)}
                  className={`flex items-center gap-3 px-4 py-2 text-sm text-stone-900 ${index === activeIndex ? 'bg-stone-100' : ''}`}
                >
                  <BookImage src={result.imageUrl} alt="" sizes="40px" className="h-14 w-10 shrink-0 rounded" />
                  <span className="line-clamp-2">{catalogueText.title(result)}</span>
                </Link>
              ))}
              <Link
                id={`${ids.option}-${results.length}`}
                role="option"
                aria-selected={activeIndex === results.length}
                tabIndex={-1}
                to={searchPath(keyword)}
                onClick={close}
                onMouseMove={() => setActiveIndex(results.length)}
                className={`mt-1 block border-t border-stone-200 px-4 py-3 text-sm font-semibold text-stone-900 underline-offset-2 hover:underline ${activeIndex === results.length ? 'bg-stone-100 underline' : ''}`}
              >
                {t('search.seeAll')}
              </Link>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
