import type { BookImage } from '../components/image-manager.tsx';

/**
 * PUT `v1/books` keeps `keepImageUrls` first, in order, and adds the uploaded files after them.
 * To save the order shown, every existing image before the first new file is kept by URL; an
 * existing image placed after a new file is fetched and sent again as a file (decision 034).
 */
export async function updateImageParts(images: readonly BookImage[]) {
  const firstNew = images.findIndex((image) => image.kind === 'new');
  const kept = firstNew === -1 ? images : images.slice(0, firstNew);
  const rest = firstNew === -1 ? [] : images.slice(firstNew);
  const files = await Promise.all(
    rest.map(async (image, index) => {
      if (image.kind === 'new') return image.file;
      const blob = await (await fetch(image.url)).blob();
      return new File([blob], `image-${index + 1}.${blob.type.split('/')[1] ?? 'webp'}`, { type: blob.type });
    }),
  );
  return { fields: { keepImageUrls: JSON.stringify(kept.map((image) => image.url)) }, files };
}
