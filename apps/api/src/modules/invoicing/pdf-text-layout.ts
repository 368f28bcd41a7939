import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import bidiFactory from 'bidi-js';
import { create as openFont, type Font } from 'fontkit';

/*
 * Lines of text for the tax documents' PDF (decision 086): a font per character from a small
 * embedded set (Vazirmatn, whose Latin and Arabic parts fontsource ships apart) and the Unicode
 * bidirectional algorithm, so a name or an address written in Arabic, even mixed with Latin words
 * and digits, is shaped and reads right to left. pdfkit draws each piece; fontkit shapes it.
 */

export type Weight = 'regular' | 'bold';

const require = createRequire(import.meta.url);

/** The files (Vazirmatn, OFL), in the order a character looks for its glyph: Latin first, Arabic last. */
const FONT_FILES: Record<Weight, readonly string[]> = {
  regular: [
    require.resolve('@fontsource/vazirmatn/files/vazirmatn-latin-400-normal.woff'),
    require.resolve('@fontsource/vazirmatn/files/vazirmatn-latin-ext-400-normal.woff'),
    require.resolve('@fontsource/vazirmatn/files/vazirmatn-arabic-400-normal.woff'),
  ],
  bold: [
    require.resolve('@fontsource/vazirmatn/files/vazirmatn-latin-700-normal.woff'),
    require.resolve('@fontsource/vazirmatn/files/vazirmatn-latin-ext-700-normal.woff'),
    require.resolve('@fontsource/vazirmatn/files/vazirmatn-arabic-700-normal.woff'),
  ],
};

type LoadedFont = { name: string; bytes: Buffer; font: Font };

let loaded: Record<Weight, LoadedFont[]> | undefined;

/**
 * The plain TrueType font inside a WOFF file (its tables, inflated). fontkit reads WOFF itself but
 * inflates it in JavaScript each time a document opens the font, which made a PDF take a second.
 */
function sfntFromWoff(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF font');
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const entry = 44 + i * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compressed = woff.readUInt32BE(entry + 8);
    const length = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compressed);
    return {
      tag: woff.subarray(entry, entry + 4),
      checksum: woff.readUInt32BE(entry + 16),
      data: compressed < length ? inflateSync(stored) : stored,
    };
  });
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + 16 * numTables);
  header.writeUInt32BE(woff.readUInt32BE(4), 0); // the flavour: TrueType or CFF
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, i) => {
    const record = 12 + i * 16;
    table.tag.copy(header, record);
    header.writeUInt32BE(table.checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(table.data.length, record + 12);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

/** Read once per process; every document registers the same bytes. */
export function documentFonts(): Record<Weight, LoadedFont[]> {
  if (!loaded) {
    const load = (file: string): LoadedFont => {
      const bytes = sfntFromWoff(readFileSync(file));
      const font = openFont(bytes);
      if (!('hasGlyphForCodePoint' in font)) throw new Error(`${file} is a font collection`);
      return { name: basename(file, '.woff'), bytes, font };
    };
    loaded = { regular: FONT_FILES.regular.map(load), bold: FONT_FILES.bold.map(load) };
  }
  return loaded;
}

const bidi = bidiFactory();

/** A piece of one line in visual order, drawn left to right in one font. */
type Piece = { text: string; font: string };

const widths = new Map<string, number>();

/**
 * How wide a piece is at 1 pt, as pdfkit will draw it (the same fontkit layout). Shaping is what
 * a PDF spends its time on, and invoices repeat their strings ('0.00', '5%'), so widths are kept.
 */
export function pieceWidth(piece: Piece, weight: Weight): number {
  const key = `${piece.font}\u0000${piece.text}`;
  let width = widths.get(key);
  if (width === undefined) {
    const { font } = documentFonts()[weight].find((f) => f.name === piece.font)!;
    width = font.layout(piece.text).advanceWidth / font.unitsPerEm;
    if (widths.size > 20_000) widths.clear();
    widths.set(key, width);
  }
  return width;
}

const ARABIC_SCRIPT = /\p{Script=Arabic}/u;

/** Pieces of one font, in logical order, each with its bidi level. */
function logicalPieces(text: string, weight: Weight): (Piece & { level: number })[] {
  const fonts = documentFonts()[weight];
  const { levels } = bidi.getEmbeddingLevels(text);
  const pieces: (Piece & { level: number })[] = [];
  let index = 0;
  let previous: LoadedFont | undefined;
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    const level = levels[index] ?? 0;
    const strong = ['L', 'R', 'AL'].includes(bidi.getBidiCharTypeName(char));
    // Spaces, digits and punctuation stay in the font around them, so a phrase is one piece.
    const font =
      previous && !strong && previous.font.hasGlyphForCodePoint(codePoint)
        ? previous
        : (fonts.find((f) => f.font.hasGlyphForCodePoint(codePoint)) ?? fonts[0]!);
    const last = pieces.at(-1);
    if (last && last.font === font.name && last.level === level) last.text += char;
    else pieces.push({ text: char, font: font.name, level });
    previous = font;
    index += char.length;
  }
  return pieces;
}

/**
 * One line's pieces in visual order (rule L2: from the highest level down to the lowest odd one,
 * reverse each run at that level or above). pdfkit shapes a piece word by word, each word's
 * trailing space included, and fontkit reverses an Arabic word's glyphs (that space too) itself; so
 * a right-to-left piece is cut into its words and spaces, reversed here. One without Arabic letters
 * (brackets between Arabic words) gets its characters reversed, its brackets mirrored.
 */
export function visualPieces(text: string, weight: Weight): Piece[] {
  const pieces = logicalPieces(text, weight);
  const levels = pieces.map((p) => p.level);
  const highest = Math.max(0, ...levels);
  const lowestOdd = Math.min(...levels.filter((l) => l % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd; level -= 1) {
    let start = 0;
    while (start < pieces.length) {
      if (pieces[start]!.level < level) {
        start += 1;
        continue;
      }
      let end = start;
      while (end < pieces.length && pieces[end]!.level >= level) end += 1;
      pieces.splice(start, end - start, ...pieces.slice(start, end).reverse());
      start = end;
    }
  }
  return pieces.flatMap(({ text: pieceText, font, level }): Piece[] => {
    if (level % 2 === 0) return [{ font, text: pieceText }];
    if (ARABIC_SCRIPT.test(pieceText)) {
      const words = pieceText.split(/(\s+)/).filter(Boolean).reverse();
      return words.map((word) => ({ font, text: word }));
    }
    const mirrored = Array.from(pieceText).map((c) => bidi.getMirroredCharacter(c) ?? c);
    return [{ font, text: mirrored.reverse().join('') }];
  });
}
