import sharp from 'sharp';
import { IMAGE_MAX_INPUT_PIXELS } from '@bookshop/contracts/constants';
import { Messages } from '@bookshop/contracts/messages';
import { HttpProblem } from './errors.ts';

/**
 * Bounds on image work per process (docs/decisions/059). A 40-megapixel picture decodes to
 * about 160 MB, so eight at once took an instance from 363 MB to over 1 GB:
 * - at most IMAGE_WORKERS sharp pipelines run at once; more wait their turn, in order;
 * - at most IMAGE_UPLOADS requests carrying pictures are in flight (about two being processed and
 *   four waiting); one more is refused by uploads.ts with 503 + Retry-After before its files are
 *   read, so waiting uploads cannot pile up in memory either.
 */
export const IMAGE_WORKERS = 2;
export const IMAGE_UPLOADS = 6;

/** A queue of image work: `workers` at once, the rest in order; `admit` counts uploads in flight. */
export function createImageWork({ workers, uploads }: { workers: number; uploads: number }) {
  let running = 0;
  let peakRunning = 0;
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  return {
    /** Runs `work` once a worker is free. */
    async run<T>(work: () => Promise<T>): Promise<T> {
      // A finishing worker hands its place straight to the next in line, so `running` never overshoots.
      if (running < workers) running++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      peakRunning = Math.max(peakRunning, running);
      try {
        return await work();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
    /** Takes a place for an upload carrying pictures; 503 when `uploads` are in flight. Returns its release. */
    admit(): () => void {
      if (inFlight >= uploads) throw new HttpProblem(503, 'Service Unavailable', Messages.imagesBusy);
      inFlight++;
      let released = false;
      return () => {
        if (!released) inFlight--;
        released = true;
      };
    },
    stats: () => ({ running, waiting: waiting.length, inFlight, peakRunning }),
  };
}

/** This process's image work: every sharp pipeline below runs through it. */
export const imageWork = createImageWork({ workers: IMAGE_WORKERS, uploads: IMAGE_UPLOADS });

/** Spec section 5: png, jpeg (jpg), gif, webp, told apart by content, never by name or declared type. */
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'gif', 'webp']);

export type ImageCheckMessages = { type: string; tooManyPixels: string };

/** An upload already checked by checkUploadedImage: every decode below keeps the pixel limit anyway. */
const decode = (source: Buffer) => sharp(source, { failOn: 'error', limitInputPixels: IMAGE_MAX_INPUT_PIXELS });

/**
 * Reads only the header first: refuses anything not png/jpeg/gif/webp by content, and more than
 * IMAGE_MAX_INPUT_PIXELS before decoding; then decodes with failOn:'error' so a truncated file is
 * refused; 400 problem naming `field`.
 */
export async function checkUploadedImage(
  source: Buffer,
  field: string,
  messages: ImageCheckMessages,
): Promise<{ format: string; width: number; height: number }> {
  const refuse = (message: string) => new HttpProblem(400, 'Validation Failed', message, { [field]: [message] });
  return imageWork.run(async () => {
    try {
      // metadata() reads only the header (so no pixel limit is needed there): a picture
      // declaring too many pixels is refused by name before anything decodes it.
      const { format, width = 0, height = 0 } = await sharp(source, { limitInputPixels: false }).metadata();
      if (!format || !ACCEPTED_FORMATS.has(format)) throw refuse(messages.type);
      if (width * height > IMAGE_MAX_INPUT_PIXELS) throw refuse(messages.tooManyPixels);
      // Every pixel is decoded (a truncated file fails here), a strip at a time: only the
      // statistics are kept, never the whole decoded picture.
      await decode(source).stats();
      return { format, width, height };
    } catch (error) {
      // sharp cannot read it (a text file, a truncated picture): the sender's fault, not ours.
      if (error instanceof HttpProblem) throw error;
      throw refuse(messages.type);
    }
  });
}

/**
 * A checked upload turned upright by its EXIF orientation, cropped to a `size` square and
 * written as PNG without its metadata (such as a photo's location).
 */
export function squareImage(source: Buffer, size: number): Promise<Buffer> {
  return imageWork.run(() =>
    decode(source).rotate().resize({ width: size, height: size, fit: 'cover' }).png({ compressionLevel: 1 }).toBuffer(),
  );
}

/**
 * The source as WebP at each width (height keeps the proportions), one width after the other
 * in one worker: each width decodes the source again. Sources are uploads: one declaring more
 * than IMAGE_MAX_INPUT_PIXELS is refused from its header, before decoding.
 */
export function webpWidths(source: Buffer, widths: readonly number[]): Promise<{ width: number; data: Buffer }[]> {
  return imageWork.run(async () => {
    const files: { width: number; data: Buffer }[] = [];
    for (const width of widths) {
      const data = await sharp(source, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS })
        .resize({ width, withoutEnlargement: false })
        .webp({ quality: 80, effort: 2 })
        .toBuffer();
      files.push({ width, data });
    }
    return files;
  });
}
