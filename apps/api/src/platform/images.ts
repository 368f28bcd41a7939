import sharp from 'sharp';
import { IMAGE_MAX_INPUT_PIXELS } from '@bookshop/contracts/constants';
import { HttpProblem } from './errors.ts';

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
  try {
    // metadata() reads only the header (so no pixel limit is needed there): a picture
    // declaring too many pixels is refused by name before anything decodes it.
    const { format, width = 0, height = 0 } = await sharp(source, { limitInputPixels: false }).metadata();
    if (!format || !ACCEPTED_FORMATS.has(format)) throw refuse(messages.type);
    if (width * height > IMAGE_MAX_INPUT_PIXELS) throw refuse(messages.tooManyPixels);
    await decode(source).raw().toBuffer();
    return { format, width, height };
  } catch (error) {
    // sharp cannot read it (a text file, a truncated picture): the sender's fault, not ours.
    if (error instanceof HttpProblem) throw error;
    throw refuse(messages.type);
  }
}

/**
 * A checked upload turned upright by its EXIF orientation, cropped to a `size` square and
 * written as PNG without its metadata (such as a photo's location).
 */
export function squareImage(source: Buffer, size: number): Promise<Buffer> {
  return decode(source)
    .rotate()
    .resize({ width: size, height: size, fit: 'cover' })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/**
 * The source as WebP at each width (height keeps the proportions). Sources are uploads: one
 * declaring more than IMAGE_MAX_INPUT_PIXELS is refused from its header, before decoding.
 */
export function webpWidths(source: Buffer, widths: readonly number[]): Promise<{ width: number; data: Buffer }[]> {
  return Promise.all(
    widths.map(async (width) => ({
      width,
      data: await sharp(source, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS })
        .resize({ width, withoutEnlargement: false })
        .webp({ quality: 80, effort: 2 })
        .toBuffer(),
    })),
  );
}
