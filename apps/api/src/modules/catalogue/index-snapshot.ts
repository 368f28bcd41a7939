import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { endianness } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { SearchIndexState } from '../search/service.ts';

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
const FORMAT_VERSION = 1;
const PREFIX_BYTES = 20;
/** Bytes written or read between pauses, so the event loop answers requests meanwhile. */
const CHUNK_BYTES = 4 * 2 ** 20;

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
};

/** A state and what it belongs to: the database (`identity`) as of `xmin`, written at `writtenAt` (ms). */
export type IndexSnapshot = { identity: string; xmin: string; writtenAt: number; state: CatalogueIndexState };

type Numbers = Uint8Array<ArrayBuffer> | Int32Array<ArrayBuffer> | Uint32Array<ArrayBuffer> | Float64Array<ArrayBuffer>;
type ArrayType = 'u8' | 'i32' | 'u32' | 'f64';

type Header = {
  identity: string;
  xmin: string;
  writtenAt: number;
  endianness: string;
  shownCount: number;
  liveRefs: number;
  slots: number;
  books: number;
  stopWordTitles: [string, number[]][];
  arrays: { name: string; type: ArrayType; length: number }[];
};

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
