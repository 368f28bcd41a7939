import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { BOOK_IMAGES_MAX } from '@bookshop/contracts/book-admin';
import { Button } from '../../../../ui/button.tsx';
import { IMAGE_ACCEPT, screenImageFiles } from '../lib/image-files.ts';

/** An image the book already has (by URL) or a file picked for it (with its preview). */
export type BookImage = { key: string; url: string } & ({ kind: 'existing' } | { kind: 'new'; file: File });

type ImageManagerProps = {
  images: readonly BookImage[];
  mainIndex: number;
  onChange: (images: BookImage[], mainIndex: number) => void;
  /** A server error about the images. */
  error?: string;
};

let nextKey = 1;

/**
 * Several images: pick or drop files, previews, choose the main one (radio buttons), reorder
 * (Move earlier / Move later buttons) and remove. Wrong type, over 10 MB and over 10 images are
 * refused here with the API's words.
 */
export function ImageManager({ images, mainIndex, onChange, error }: ImageManagerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [refusals, setRefusals] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const [status, setStatus] = useState('');
  const headingId = useId();

  // Previews of picked files live as object URLs until the image is removed or the form closes.
  const urls = useRef(new Set<string>());
  useEffect(() => {
    const owned = urls.current;
    return () => owned.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const add = (files: readonly File[]) => {
    const { accepted, refusals: refused } = screenImageFiles(files, images.length);
    setRefusals(refused);
    if (accepted.length === 0) return;
    const added: BookImage[] = accepted.map((file) => {
      const url = URL.createObjectURL(file);
      urls.current.add(url);
      return { key: `new-${nextKey++}`, kind: 'new', file, url };
    });
    onChange([...images, ...added], images.length === 0 ? 0 : mainIndex);
    setStatus(`${added.length} image${added.length === 1 ? '' : 's'} added.`);
  };

  const move = (from: number, to: number) => {
    const next = [...images];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    const main = images[mainIndex];
    onChange(next, main ? next.indexOf(main) : 0);
    setStatus(`Image ${from + 1} moved to position ${to + 1}.`);
  };

  const remove = (index: number) => {
    const removed = images[index]!;
    if (removed.kind === 'new') {
      URL.revokeObjectURL(removed.url);
      urls.current.delete(removed.url);
    }
    const next = images.filter((_, i) => i !== index);
    const main = index === mainIndex ? 0 : index < mainIndex ? mainIndex - 1 : mainIndex;
    onChange(next, Math.min(main, Math.max(next.length - 1, 0)));
    setRefusals([]);
    setStatus(`Image ${index + 1} removed.`);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add([...event.dataTransfer.files]);
  };

  return (
    <fieldset aria-labelledby={headingId} className="grid gap-3">
      <legend id={headingId} className="text-sm font-semibold text-stone-800">
        Images
      </legend>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="image-drop-zone"
        className={`grid place-items-center gap-2 rounded-lg border-2 border-dashed p-6 text-center text-sm ${
          dragging ? 'border-brand bg-stone-100' : 'border-stone-300'
        }`}
      >
        <p className="text-stone-700">
          Drop images here, or{' '}
          <Button variant="secondary" size="sm" onClick={() => inputRef.current?.click()}>
            Choose images
          </Button>
        </p>
        <p className="text-stone-600">
          PNG, JPEG, GIF or WebP, up to 10 MB each, at most {BOOK_IMAGES_MAX} images. The main image is the cover.
        </p>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept={IMAGE_ACCEPT}
          aria-label="Choose images"
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => {
            add([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </div>
      {(refusals.length > 0 || error) && (
        <ul role="alert" className="grid gap-1 text-sm text-red-700">
          {error && <li>{error}</li>}
          {refusals.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <p role="status" className="sr-only">
        {status}
      </p>
      {images.length > 0 && (
        <ol aria-label="Book images" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {images.map((image, index) => (
            <li key={image.key} className="grid gap-2 rounded-lg border border-stone-200 bg-white p-2">
              <img
                src={image.url}
                alt={`Book cover ${index + 1} of ${images.length}`}
                className="aspect-[3/4] w-full rounded object-cover"
              />
              <label className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${headingId}-main`}
                  checked={index === mainIndex}
                  onChange={() => onChange([...images], index)}
                  aria-label={`Make image ${index + 1} the main image`}
                />
                {index === mainIndex ? 'Main image' : 'Make main'}
              </label>
              <div className="flex flex-wrap gap-1">
                <Button
                  variant="secondary"
                  size="xs"
                  disabled={index === 0}
                  aria-label={`Move image ${index + 1} earlier`}
                  onClick={() => move(index, index - 1)}
                >
                  ←
                </Button>
                <Button
                  variant="secondary"
                  size="xs"
                  disabled={index === images.length - 1}
                  aria-label={`Move image ${index + 1} later`}
                  onClick={() => move(index, index + 1)}
                >
                  →
                </Button>
                <Button
                  variant="danger"
                  size="xs"
                  aria-label={`Remove image ${index + 1}`}
                  onClick={() => remove(index)}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </fieldset>
  );
}
