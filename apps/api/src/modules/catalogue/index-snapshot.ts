import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { endianness } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { z } from 'zod';
import type { SearchIndexState } from '../search/service.ts';
import type { BookLabelsState } from './book-labels.ts';

/**
 * The catalogue index's state in one file, so an instance starts from it and reads only what
 * changed since instead of every book (docs/decisions/106-catalogue-index-snapshot.md).
 *
 * Layout: 8 bytes of magic; the format version, the header's length and a CRC-32 of everything
 * after these 20 bytes, each a little-endian uint32; the header (JSON: the database and `xmin` the
 * state belongs to, counts, and each array's name, type and length); then each array's raw bytes,
 * in the header's order, as the machine holds them (the header names its byte order).
 */

const MAGIC = 'BKSINDEX';
/** Raised whenever what is written changes shape: a snapshot of another version is ignored. */
const FORMAT_VERSION = 2;
const PREFIX_BYTES = 20;
/** Bytes written or read between pauses, so the event loop answers requests meanwhile. */
const CHUNK_BYTES = 4 * 2 ** 20;
/** A header longer than this is no header of ours. */
const MAX_HEADER_BYTES = 16 * 2 ** 20;

/** Everything `CatalogueIndex` keeps but the names of authors and genres (read again) and the list layout (laid out again). */
export type CatalogueIndexState = {
  shownById: Uint8Array<ArrayBuffer>;
  priceById: Int32Array<ArrayBuffer>;
  flagsById: Uint8Array<ArrayBuffer>;
  titleHashById: Uint32Array<ArrayBuffer>;
  wordsHashById: Uint32Array<ArrayBuffer>;
  namesHashById: Uint32Array<ArrayBuffer>;
  refs: Int32Array<ArrayBuffer>;
  refStart: Int32Array<ArrayBuffer>;
  authorCount: Uint8Array<ArrayBuffer>;
  genreCount: Uint8Array<ArrayBuffer>;
  order: Int32Array<ArrayBuffer>;
  shownCount: number;
  liveRefs: number;
  search: SearchIndexState;
  labels: BookLabelsState;
};

/** A state and what it belongs to: the database (`identity`) as of `xmin`, written at `writtenAt` (ms). */
export type IndexSnapshot = { identity: string; xmin: string; writtenAt: number; state: CatalogueIndexState };

/** The snapshot is sound but not this index's to use: another database, format or byte order. */
export class ForeignSnapshot extends Error {}

const TYPES = { u8: Uint8Array, i32: Int32Array, u32: Uint32Array, f64: Float64Array } as const;
type ArrayType = keyof typeof TYPES;
type Numbers = InstanceType<(typeof TYPES)[ArrayType]>;

const count = z.number().int().min(0);
const HeaderSchema = z.object({
  identity: z.string(),
  xmin: z.string().regex(/^\d+$/),
  writtenAt: z.number(),
  endianness: z.string(),
  shownCount: count,
  liveRefs: count,
  slots: count,
  books: count,
  stopWordTitles: z.array(z.tuple([z.string(), z.array(count)])),
  arrays: z.array(z.object({ name: z.string(), type: z.enum(['u8', 'i32', 'u32', 'f64']), length: count })),
});
type Header = z.infer<typeof HeaderSchema>;

const typeOf = (array: Numbers): ArrayType =>
  array instanceof Uint8Array
    ? 'u8'
    : array instanceof Int32Array
      ? 'i32'
      : array instanceof Uint32Array
        ? 'u32'
        : 'f64';

/** The state's arrays by name; the search index's words travel as one UTF-8 text, a word a line. */
const arraysOf = (state: CatalogueIndexState): Record<string, Numbers> => {
  const { search } = state;
  return {
    shownById: state.shownById,
    priceById: state.priceById,
    flagsById: state.flagsById,
    titleHashById: state.titleHashById,
    wordsHashById: state.wordsHashById,
    namesHashById: state.namesHashById,
    refs: state.refs,
    refStart: state.refStart,
    authorCount: state.authorCount,
    genreCount: state.genreCount,
    order: state.order,
    'search.words': new TextEncoder().encode(search.words.join('\n')),
    'search.postingCounts': search.postingCounts,
    'search.postings': search.postings,
    'search.slotBook': search.slotBook,
    'search.slotRating': search.slotRating,
    'search.alive': search.alive,
    'search.slotOf': search.slotOf,
    'labels.bytes': state.labels.bytes,
    'labels.start': state.labels.start,
    'labels.size': state.labels.size,
  };
};

const bytesOf = (array: Numbers) => new Uint8Array(array.buffer, array.byteOffset, array.byteLength);

/**
 * Writes the snapshot to a temporary file beside `file` and renames it over `file`, so a reader
 * sees the old snapshot or the new one, never half of one. Returns the bytes written.
 */
export async function writeIndexSnapshot(file: string, snapshot: IndexSnapshot): Promise<number> {
  const { state } = snapshot;
  const arrays = Object.entries(arraysOf(state));
  const header: Header = {
    identity: snapshot.identity,
    xmin: snapshot.xmin,
    writtenAt: snapshot.writtenAt,
    endianness: endianness(),
    shownCount: state.shownCount,
    liveRefs: state.liveRefs,
    slots: state.search.slots,
    books: state.search.books,
    stopWordTitles: state.search.stopWordTitles,
    arrays: arrays.map(([name, array]) => ({ name, type: typeOf(array), length: array.length })),
  };
  const headerBytes = Buffer.from(JSON.stringify(header));
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(temporary, 'w');
  try {
    let position = PREFIX_BYTES;
    let checksum = 0;
    for (const part of [headerBytes, ...arrays.map(([, array]) => bytesOf(array))])
      for (let at = 0; at < part.length; at += CHUNK_BYTES) {
        const chunk = part.subarray(at, at + CHUNK_BYTES);
        checksum = crc32(chunk, checksum);
        await handle.write(chunk, 0, chunk.length, position);
        position += chunk.length;
      }
    const prefix = Buffer.alloc(PREFIX_BYTES);
    prefix.write(MAGIC, 0, 'latin1');
    prefix.writeUInt32LE(FORMAT_VERSION, 8);
    prefix.writeUInt32LE(headerBytes.length, 12);
    prefix.writeUInt32LE(checksum, 16);
    await handle.write(prefix, 0, PREFIX_BYTES, 0);
    // On disk before it takes the old one's name: after a crash the name holds a whole file.
    await handle.sync();
    await handle.close();
    await rename(temporary, file);
    return position;
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * The snapshot in `file` if there is one; undefined if there is none. Throws `ForeignSnapshot`
 * when it belongs to another database (`identity`), format version or byte order, and an Error
 * saying what is wrong when it is truncated, corrupt or does not fit together.
 */
export async function readIndexSnapshot(file: string, identity: string): Promise<IndexSnapshot | undefined> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const { size } = await handle.stat();
    let checksum = 0;
    /** Fills `bytes` from the file at `position`, adding them to the checksum unless they are the prefix. */
    const readAt = async (bytes: Uint8Array, position: number) => {
      for (let at = 0; at < bytes.length;) {
        const { bytesRead } = await handle.read(bytes, at, Math.min(CHUNK_BYTES, bytes.length - at), position + at);
        if (bytesRead === 0) throw new Error(`it is truncated at ${position + at} of ${size} bytes`);
        if (position > 0) checksum = crc32(bytes.subarray(at, at + bytesRead), checksum);
        at += bytesRead;
      }
    };
    const prefix = Buffer.alloc(PREFIX_BYTES);
    if (size < PREFIX_BYTES) throw new Error(`it is truncated at ${size} bytes`);
    await readAt(prefix, 0);
    if (prefix.toString('latin1', 0, 8) !== MAGIC) throw new Error('it is no catalogue index snapshot');
    const version = prefix.readUInt32LE(8);
    if (version !== FORMAT_VERSION)
      throw new ForeignSnapshot(`it has format version ${version}, this build reads ${FORMAT_VERSION}`);
    const headerLength = prefix.readUInt32LE(12);
    if (headerLength > Math.min(MAX_HEADER_BYTES, size - PREFIX_BYTES))
      throw new Error(`it is truncated at ${size} bytes (header of ${headerLength})`);
    const headerBytes = Buffer.alloc(headerLength);
    await readAt(headerBytes, PREFIX_BYTES);
    let header: Header;
    try {
      header = HeaderSchema.parse(JSON.parse(headerBytes.toString('utf8')));
    } catch {
      throw new Error('its header is corrupt');
    }
    if (header.endianness !== endianness())
      throw new ForeignSnapshot(`it was written on a ${header.endianness} machine`);
    if (header.identity !== identity)
      throw new ForeignSnapshot(`it is of database ${header.identity}, this is ${identity}`);
    const expected = header.arrays.reduce(
      (sum, { type, length }) => sum + length * TYPES[type].BYTES_PER_ELEMENT,
      PREFIX_BYTES + headerLength,
    );
    if (size !== expected) throw new Error(`it has ${size} bytes where its header says ${expected}`);

    const arrays = new Map<string, Numbers>();
    let position = PREFIX_BYTES + headerLength;
    for (const { name, type, length } of header.arrays) {
      const array = new TYPES[type](length);
      const bytes = bytesOf(array);
      await readAt(bytes, position);
      position += bytes.length;
      arrays.set(name, array);
    }
    if (checksum !== prefix.readUInt32LE(16)) throw new Error('it is corrupt (its checksum does not match)');
    return { identity, xmin: header.xmin, writtenAt: header.writtenAt, state: stateOf(header, arrays) };
  } finally {
    await handle.close();
  }
}

/** The state from the header's counts and the arrays read, checked to fit together. */
function stateOf(header: Header, arrays: Map<string, Numbers>): CatalogueIndexState {
  const take = <T extends Numbers>(name: string, type: new (length: number) => T): T => {
    const array = arrays.get(name);
    if (!(array instanceof type)) throw new Error(`it has no ${name} of the right type`);
    return array;
  };
  const words = new TextDecoder().decode(take('search.words', Uint8Array));
  const state: CatalogueIndexState = {
    shownById: take('shownById', Uint8Array),
    priceById: take('priceById', Int32Array),
    flagsById: take('flagsById', Uint8Array),
    titleHashById: take('titleHashById', Uint32Array),
    wordsHashById: take('wordsHashById', Uint32Array),
    namesHashById: take('namesHashById', Uint32Array),
    refs: take('refs', Int32Array),
    refStart: take('refStart', Int32Array),
    authorCount: take('authorCount', Uint8Array),
    genreCount: take('genreCount', Uint8Array),
    order: take('order', Int32Array),
    shownCount: header.shownCount,
    liveRefs: header.liveRefs,
    search: {
      words: words === '' ? [] : words.split('\n'),
      postingCounts: take('search.postingCounts', Int32Array),
      postings: take('search.postings', Int32Array),
      slotBook: take('search.slotBook', Int32Array),
      slotRating: take('search.slotRating', Float64Array),
      alive: take('search.alive', Uint8Array),
      slotOf: take('search.slotOf', Int32Array),
      slots: header.slots,
      books: header.books,
      stopWordTitles: header.stopWordTitles,
    },
    labels: {
      bytes: take('labels.bytes', Uint8Array),
      start: take('labels.start', Int32Array),
      size: take('labels.size', Int32Array),
    },
  };
  checkFits(state);
  return state;
}

/** What the catalogue index relies on of its own arrays (the search index checks its own as it is restored). */
function checkFits(state: CatalogueIndexState): void {
  const ids = state.shownById.length;
  const perId = [
    state.priceById,
    state.flagsById,
    state.titleHashById,
    state.wordsHashById,
    state.namesHashById,
    state.refStart,
    state.authorCount,
    state.genreCount,
  ];
  if (perId.some((array) => array.length !== ids)) throw new Error('its per-book arrays differ in length');
  let shown = 0;
  for (let id = 0; id < ids; id++) {
    if (!state.shownById[id]) continue;
    shown++;
    // Where it lies in the label bytes, `BookLabels.restore` checks.
    if (!state.labels.size[id]) throw new Error(`its book ${id} has no label`);
    const end = state.refStart[id]! + state.authorCount[id]! + state.genreCount[id]!;
    if (state.refStart[id]! < 0 || end > state.refs.length)
      throw new Error(`its book ${id} names ids it does not hold`);
  }
  if (shown !== state.shownCount) throw new Error(`it counts ${state.shownCount} books but shows ${shown}`);
  if (state.order.some((id) => id < 0 || id >= ids)) throw new Error('its title order names books it does not hold');
}
