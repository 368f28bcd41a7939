import { grownFor } from '../../platform/typed-arrays.ts';

/** What the search dropdown shows of a book: its titles and its cover's image key. */
export type BookLabel = { id: number; title: string; titleAr: string | null; coverKey: string | null };

/** The image a book is shown by: its main one, or its first if the main index points past them. */
export const coverKeyOf = (book: { image_keys: string[]; main_image_index: number }): string | null =>
  book.image_keys[book.main_image_index] ?? book.image_keys[0] ?? null;

/** The labels' bytes and where each book's are: what the index's snapshot keeps of them (decision 106). */
export type BookLabelsState = {
  bytes: Uint8Array<ArrayBuffer>;
  /** Per book id: where its label starts in `bytes`, and how many bytes it takes (0: none). */
  start: Int32Array<ArrayBuffer>;
  size: Int32Array<ArrayBuffer>;
};

/** Between a label's fields; PostgreSQL text never holds a NUL. */
const SEPARATOR = 0x00;
/** A field that is null: a byte UTF-8 never produces. */
const NULL_FIELD = 0xff;
/** Below this many, bytes left behind by changed books cost too little to pack again for. */
const MIN_DEAD_BYTES_TO_PACK = 2 ** 20;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * The shown books' labels in memory by id (decision 107), packed as UTF-8 one after another
 * (about 50 bytes a book, no object per book for the collector to walk), so a search answers its
 * dropdown at a million books without reading a row. A changed book's label is appended anew; the
 * old bytes are packed away once they outweigh the live ones.
 */
export class BookLabels {
  private bytes = new Uint8Array(1024);
  private length = 0;
  private start = new Int32Array(0);
  private size = new Int32Array(0);
  private liveBytes = 0;

  /** Labels from a snapshot; throws, changing nothing, if a book's label lies outside the bytes. */
  static restore(state: BookLabelsState): BookLabels {
    if (state.start.length !== state.size.length) throw new Error('its label arrays differ in length');
    const labels = new BookLabels();
    for (let id = 0; id < state.size.length; id++) {
      const size = state.size[id]!;
      if (size === 0) continue;
      if (size < 0 || state.start[id]! < 0 || state.start[id]! + size > state.bytes.length)
        throw new Error(`its book ${id} has a label it does not hold`);
      labels.liveBytes += size;
    }
    labels.bytes = state.bytes;
    labels.length = state.bytes.length;
    labels.start = state.start;
    labels.size = state.size;
    return labels;
  }

  /** Copies of the bytes in use, taken at once: the labels go on changing while a snapshot is written. */
  state(): BookLabelsState {
    let ids = this.size.length;
    while (ids > 0 && this.size[ids - 1] === 0) ids--;
    return { bytes: this.bytes.slice(0, this.length), start: this.start.slice(0, ids), size: this.size.slice(0, ids) };
  }

  /** Sets a book's label; one it already has (a stock or price change, every sale) appends nothing. */
  set({ id, title, titleAr, coverKey }: BookLabel): void {
    const known = this.get(id);
    if (known && known.title === title && known.titleAr === titleAr && known.coverKey === coverKey) return;
    this.delete(id);
    // At most three bytes of UTF-8 per UTF-16 unit, and the separators.
    const room = 3 * (title.length + (titleAr?.length ?? 1) + (coverKey?.length ?? 1)) + 2;
    this.reserve(room);
    const from = this.length;
    this.write(title);
    this.bytes[this.length++] = SEPARATOR;
    this.write(titleAr);
    this.bytes[this.length++] = SEPARATOR;
    this.write(coverKey);
    this.start = grownFor(this.start, id);
    this.size = grownFor(this.size, id);
    this.start[id] = from;
    this.size[id] = this.length - from;
    this.liveBytes += this.length - from;
  }

  get(id: number): BookLabel | undefined {
    const size = this.size[id] ?? 0;
    if (size === 0) return undefined;
    const from = this.start[id]!;
    const end = from + size;
    const first = this.bytes.indexOf(SEPARATOR, from);
    const second = this.bytes.indexOf(SEPARATOR, first + 1);
    return {
      id,
      title: this.read(from, first)!,
      titleAr: this.read(first + 1, second),
      coverKey: this.read(second + 1, end),
    };
  }

  delete(id: number): void {
    const size = this.size[id] ?? 0;
    if (size === 0) return;
    this.size[id] = 0;
    this.liveBytes -= size;
  }

  /** Bytes held: the labels, those left behind by changes, room to grow, and the per-book arrays. */
  get heldBytes(): number {
    return this.bytes.length + 8 * this.size.length;
  }

  private write(text: string | null): void {
    if (text === null) this.bytes[this.length++] = NULL_FIELD;
    else this.length += encoder.encodeInto(text, this.bytes.subarray(this.length)).written;
  }

  private read(from: number, to: number): string | null {
    if (to - from === 1 && this.bytes[from] === NULL_FIELD) return null;
    return decoder.decode(this.bytes.subarray(from, to));
  }

  /** Room for `room` more bytes: the dead ones packed away if they are many, else a larger array. */
  private reserve(room: number): void {
    if (this.length + room <= this.bytes.length) return;
    const dead = this.length - this.liveBytes;
    const packing = dead >= MIN_DEAD_BYTES_TO_PACK && dead > this.liveBytes;
    const needed = (packing ? this.liveBytes : this.length) + room;
    const bytes = new Uint8Array(Math.max(needed, Math.ceil(this.bytes.length * (packing ? 1 : 1.5))));
    if (!packing) bytes.set(this.bytes.subarray(0, this.length));
    else {
      let at = 0;
      for (let id = 0; id < this.size.length; id++) {
        const size = this.size[id]!;
        if (size === 0) continue;
        bytes.set(this.bytes.subarray(this.start[id], this.start[id]! + size), at);
        this.start[id] = at;
        at += size;
      }
      this.length = at;
    }
    this.bytes = bytes;
  }
}
