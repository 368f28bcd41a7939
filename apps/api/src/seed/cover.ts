import sharp from 'sharp';

/** Source size of a generated cover: 2:3 like a paperback, as wide as the largest stored width. */
export const COVER_WIDTH = 800;
export const COVER_HEIGHT = 1200;

export type CoverText = { title: string; authors: string[]; genre: string };

/** Hue per genre, so a shelf of one genre looks like a series; unknown genres fall back to the title's hash. */
const GENRE_HUES: Record<string, number> = {
  'Literary Fiction': 215,
  Romance: 345,
  Adventure: 28,
  'Science Fiction': 190,
  Fantasy: 275,
  Mystery: 230,
  Horror: 0,
  'Historical Fiction': 40,
  Poetry: 300,
  Drama: 325,
  Philosophy: 165,
  "Children's": 130,
  'Short Stories': 255,
  Satire: 85,
  Epic: 20,
  History: 50,
  Science: 200,
  Politics: 5,
  Memoir: 150,
  Travel: 180,
};

const SERIF = "'DejaVu Serif', 'Liberation Serif', Georgia, 'Times New Roman', serif";
const SANS = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";
const INK = '#f6efd9';
const AUTHOR_LINE_CHARS = 26;
const GOLD = '#d9b866';

/** Renders a cover as PNG (cheap to encode; the image store turns it into WebP). */
export function renderCover(text: CoverText): Promise<Buffer> {
  return sharp(Buffer.from(coverSvg(text)))
    .png({ compressionLevel: 1 })
    .toBuffer();
}

export function coverSvg({ title, authors, genre }: CoverText): string {
  const hash = fnv1a(title);
  const hue = (GENRE_HUES[genre] ?? hash % 360) + ((hash >>> 9) % 17) - 8;
  const lightness = 24 + ((hash >>> 17) % 10);
  const top = `hsl(${hue}, 45%, ${lightness + 6}%)`;
  const bottom = `hsl(${hue}, 50%, ${lightness - 10}%)`;

  const titleLayout = layoutTitle(title);
  const titleBlockHeight = titleLayout.lines.length * titleLayout.lineHeight;
  // Centre the title in the band between the genre label and the ornament.
  const firstBaseline = 520 - titleBlockHeight / 2 + titleLayout.size * 0.8;
  const titleLines = titleLayout.lines
    .map((line, i) => textLine(line, firstBaseline + i * titleLayout.lineHeight, titleLayout.size))
    .join('');

  const byline = authors.join(' & ').toUpperCase();
  // Two authors that do not fit one line get a line each rather than a split name.
  const authorLines =
    byline.length <= AUTHOR_LINE_CHARS ? [byline] : authors.flatMap((a) => wrap(a.toUpperCase(), AUTHOR_LINE_CHARS));
  const authorSize = authorLines.length > 1 ? 30 : 34;
  const authorText = authorLines
    .map(
      (line, i) =>
        `<text x="400" y="${1010 + i * 44 - (authorLines.length - 1) * 22}" font-family="${SANS}" font-size="${authorSize}" letter-spacing="4" text-anchor="middle" fill="${INK}">${escapeXml(line)}</text>`,
    )
    .join('');

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0.3" y2="1">
      <stop offset="0" stop-color="${top}"/>
      <stop offset="1" stop-color="${bottom}"/>
    </linearGradient>
  </defs>
  <rect width="800" height="1200" fill="url(#bg)"/>
  <rect x="0" y="0" width="28" height="1200" fill="#000" opacity="0.18"/>
  <rect x="48" y="48" width="704" height="1104" fill="none" stroke="${GOLD}" stroke-width="6"/>
  <rect x="66" y="66" width="668" height="1068" fill="none" stroke="${GOLD}" stroke-width="2" opacity="0.8"/>
  ${corner(66, 66, 1, 1)}${corner(734, 66, -1, 1)}${corner(66, 1134, 1, -1)}${corner(734, 1134, -1, -1)}
  <text x="400" y="160" font-family="${SANS}" font-size="24" letter-spacing="6" text-anchor="middle" fill="${GOLD}">${escapeXml(genre.toUpperCase())}</text>
  <line x1="300" y1="190" x2="500" y2="190" stroke="${GOLD}" stroke-width="2"/>
  ${titleLines}
  ${ornament(870)}
  ${authorText}
</svg>`;
}

/** A small gold quarter-frame tucked into each corner of the inner border. */
function corner(x: number, y: number, dx: number, dy: number): string {
  return `<path d="M ${x} ${y + dy * 70} L ${x + dx * 20} ${y + dy * 20} L ${x + dx * 70} ${y}" fill="none" stroke="${GOLD}" stroke-width="2"/>`;
}

function ornament(y: number): string {
  return `<line x1="250" y1="${y}" x2="380" y2="${y}" stroke="${GOLD}" stroke-width="2"/>
  <path d="M 400 ${y - 12} L 412 ${y} L 400 ${y + 12} L 388 ${y} Z" fill="${GOLD}"/>
  <line x1="420" y1="${y}" x2="550" y2="${y}" stroke="${GOLD}" stroke-width="2"/>`;
}

const TITLE_WIDTH = 600;
const TITLE_HEIGHT = 540;
/** Rough advance of a bold serif glyph as a share of the font size; layout only needs an estimate. */
const GLYPH_WIDTH = 0.64;
const MAX_TITLE_LINES = 5;

/** The largest font size at which the wrapped title fits the title band in at most five lines. */
function layoutTitle(title: string) {
  const sizes = [96, 84, 74, 66, 58, 52, 46, 40];
  for (const size of sizes) {
    const lineHeight = Math.round(size * 1.18);
    const maxChars = Math.floor(TITLE_WIDTH / (size * GLYPH_WIDTH));
    const lines = balancedWrap(title, maxChars);
    const fits = lines.length <= MAX_TITLE_LINES && lines.length * lineHeight <= TITLE_HEIGHT;
    if (fits && lines.every((line) => line.length <= maxChars)) return { size, lineHeight, lines };
  }
  const size = sizes[sizes.length - 1]!;
  return {
    size,
    lineHeight: Math.round(size * 1.18),
    lines: balancedWrap(title, Math.floor(TITLE_WIDTH / (size * GLYPH_WIDTH))),
  };
}

/** Wraps into as few lines as greedy wrapping needs, but with lines as even as possible. */
function balancedWrap(text: string, maxChars: number): string[] {
  const greedy = wrap(text, maxChars);
  const longestWord = Math.max(...text.split(/\s+/).map((word) => word.length));
  for (let width = longestWord; width < maxChars; width++) {
    const lines = wrap(text, width);
    if (lines.length === greedy.length) return lines;
  }
  return greedy;
}

function textLine(line: string, y: number, size: number): string {
  // Squeeze a line that would overrun the frame (one very long word) instead of clipping it.
  const squeeze =
    line.length * size * GLYPH_WIDTH > TITLE_WIDTH
      ? ` textLength="${TITLE_WIDTH}" lengthAdjust="spacingAndGlyphs"`
      : '';
  return `<text x="400" y="${Math.round(y)}" font-family="${SERIF}" font-weight="bold" font-size="${size}" text-anchor="middle" fill="${INK}"${squeeze}>${escapeXml(line)}</text>`;
}

/** Greedy word wrap; a word longer than the line gets a line of its own. */
export function wrap(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (current && current.length + 1 + word.length > maxChars) {
      lines.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) lines.push(current);
  return lines;
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** FNV-1a: a tiny, stable string hash, so the same title always gets the same colours. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
