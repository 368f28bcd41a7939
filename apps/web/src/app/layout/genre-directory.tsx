import { useId } from 'react';
import { Link } from 'react-router';
import { genrePath } from '@bookshop/contracts/routes';
import { useGenres } from '../../lib/api/get-genres.ts';
import { groupGenresByLetter } from './genre-groups.ts';
import { useLocale, useSpecText, useT } from '../../lib/i18n/i18n.tsx';
import { nameIn } from '../../lib/i18n/catalogue-text.ts';
import { GenreDirectoryLoading } from './genre-directory-loading.tsx';

type GenreDirectoryProps = {
  /** Called when a genre link is followed, so the surrounding menu can close. */
  onNavigate?: () => void;
  /** Column layout for the wide mega-menu; a single column in the mobile menu. */
  columns?: boolean;
};

/** Every genre, grouped by first letter, each linking to its page. */
export function GenreDirectory({ onNavigate, columns = false }: GenreDirectoryProps) {
  const genres = useGenres();
  const idPrefix = useId();
  const t = useT();
  const spec = useSpecText();
  const locale = useLocale();

  if (genres.isPending) return <GenreDirectoryLoading />;
  if (genres.isError) return <p className="p-2 text-sm text-red-800">{spec('genresFetchFailed')}</p>;
  if (genres.data.length === 0) return <p className="p-2 text-sm text-stone-700">{t('nav.noCategories')}</p>;

  return (
    <div className={columns ? 'columns-3 gap-8 xl:columns-5 2xl:columns-6' : 'columns-2 gap-6 sm:columns-3'}>
      {groupGenresByLetter(genres.data, locale).map(({ letter, genres: list }) => {
        const labelId = `${idPrefix}-${letter}`;
        return (
          <div key={letter} role="group" aria-labelledby={labelId} className="mb-4 break-inside-avoid">
            <p id={labelId} className="mb-1 border-b border-stone-200 pb-1 text-sm font-bold text-brand">
              {letter}
            </p>
            <ul className="grid gap-0.5">
              {list.map((genre) => (
                <li key={genre.id}>
                  <Link
                    to={genrePath(genre.name)}
                    onClick={onNavigate}
                    className="block rounded px-1 py-1 text-sm text-stone-800 hover:bg-stone-100 hover:text-stone-950"
                  >
                    {nameIn(locale, genre)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
