import { Marked, type Token } from 'marked';
import remend from 'remend';
import { mathExtensions } from './markdown-math.js';

const marked = new Marked({ gfm: true, breaks: true, extensions: mathExtensions });

const TABLE_ROW = /^ {0,3}\|.*\|[ \t]*$/;
const PARTIAL_DELIMITER = /^ {0,3}\|?[ \t]*:?-*:?[ \t]*(?:\|[ \t]*:?-*:?[ \t]*)*\|?[ \t]*$/;

/** The number of cells in a table row written `| a | b |`. */
const cellCount = (row: string) =>
  Math.max(
    1,
    row
      .trim()
      .replace(/^\||\|$/g, '')
      .split('|').length,
  );

/**
 * A table being written shows as a table at once: when the text ends in a header row, or a
 * header row and part of its delimiter row (`| a | b |` then `|--`), the delimiter row is
 * completed, so the rows never flash as a paragraph of pipes first.
 */
export function healTable(text: string): string {
  const lines = text.split('\n');
  const last = lines.at(-1) ?? '';
  const header = lines.at(-2);
  if (
    header !== undefined &&
    TABLE_ROW.test(header) &&
    last.trim() &&
    PARTIAL_DELIMITER.test(last)
  ) {
    const previous = lines.at(-3);
    if (previous !== undefined && TABLE_ROW.test(previous)) return text; // already a table body
    lines[lines.length - 1] = `|${' --- |'.repeat(cellCount(header))}`;
    return lines.join('\n');
  }
  if (TABLE_ROW.test(last) && (header === undefined || !header.trim())) {
    return `${text}\n|${' --- |'.repeat(cellCount(last))}`;
  }
  return text;
}

/**
 * Markdown still being written, completed so it renders as it will once finished: open bold,
 * italics, code spans, links and `$$` closed (remend, Streamdown's healer), a table's delimiter
 * row filled in.
 */
export function healStreamingMarkdown(text: string): string {
  return healTable(remend(text));
}

/**
 * The block tokens of `text` (GFM with line breaks and TeX math); with `streaming`, the text is
 * healed first. Raw HTML comes out as `html` tokens, which the app shows as text.
 */
export function lexMarkdown(text: string, streaming = false): Token[] {
  return marked.lexer(streaming ? healStreamingMarkdown(text) : text);
}

/** A link or image address the app will follow: http(s), mailto, a fragment or a relative path. */
export function safeUrl(url: string, { image = false } = {}): string | undefined {
  const trimmed = url.trim();
  if (!trimmed) return undefined;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme === undefined) return trimmed.startsWith('//') ? undefined : trimmed;
  if (scheme === 'http' || scheme === 'https') return trimmed;
  if (!image && scheme === 'mailto') return trimmed;
  if (image && /^data:image\/(png|jpe?g|gif|webp);/i.test(trimmed)) return trimmed;
  return undefined;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  laquo: '«',
  raquo: '»',
  times: '×',
  divide: '÷',
  deg: '°',
  plusmn: '±',
  middot: '·',
  bull: '•',
  larr: '←',
  rarr: '→',
  uarr: '↑',
  darr: '↓',
  harr: '↔',
  le: '≤',
  ge: '≥',
  ne: '≠',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  sect: '§',
  para: '¶',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
};

/**
 * Text of a token with its character references decoded (`&amp;` → `&`, `&#x27;` → `'`); an
 * unknown name is kept as written, as a browser would.
 */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(
    /&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z][a-z0-9]{1,31});/gi,
    (whole, ref: string) => {
      if (ref.startsWith('#')) {
        const code =
          ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
        return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
          ? String.fromCodePoint(code)
          : '\ufffd';
      }
      return NAMED_ENTITIES[ref] ?? NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
    },
  );
}
