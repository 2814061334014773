/** Largest PDF read into a message (20 MiB). */
export const MAX_PDF_FILE_BYTES = 20 * 1024 * 1024;
/** Pages read from one PDF at most; the rest is left out and said so. */
export const MAX_PDF_PAGES = 300;
/** Characters of text kept from one PDF at most (about 1 MiB, as for a text file). */
export const MAX_PDF_TEXT_CHARS = 1024 * 1024;

/** The part of PDF.js this module uses (`pdfjs-dist`), so tests can hand it a fake document. */
export interface PdfJsLike {
  getDocument(source: {
    data: Uint8Array;
    isEvalSupported?: boolean;
    disableFontFace?: boolean;
    stopAtErrors?: boolean;
  }): { promise: Promise<PdfDocumentLike>; destroy(): Promise<void> };
}

export interface PdfDocumentLike {
  numPages: number;
  getPage(pageNumber: number): Promise<{
    getTextContent(): Promise<{ items: readonly PdfTextItemLike[] }>;
    cleanup(): unknown;
  }>;
}

/** A text run of a page (a marked-content item has no `str`). */
export interface PdfTextItemLike {
  str?: string;
  /** The run ends a line. */
  hasEOL?: boolean;
}

/** What was read from a PDF. */
export interface PdfText {
  /** The text, page by page under `--- Page N ---` lines when there is more than one page. */
  text: string;
  /** Pages in the document. */
  pages: number;
  /** Pages whose text is in `text` (fewer than `pages` when a cap was reached). */
  pagesRead: number;
  /** A cap (pages or characters) cut the text. */
  truncated: boolean;
}

/** The text of one page from its text runs: lines as the PDF ends them, blank runs of lines folded. */
export function pageText(items: readonly PdfTextItemLike[]): string {
  let text = '';
  for (const item of items) {
    if (typeof item.str !== 'string') continue;
    text += item.str;
    if (item.hasEOL) text += '\n';
  }
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The text of a PDF, read with PDF.js (`pdfjs`, loaded on demand by the caller): at most
 * `maxPages` pages and `maxChars` characters; a cut is noted at the end of the text. A PDF with
 * no text layer (a scan) gives an empty `text`.
 */
export async function extractPdfText(
  data: Uint8Array,
  pdfjs: PdfJsLike,
  { maxPages = MAX_PDF_PAGES, maxChars = MAX_PDF_TEXT_CHARS } = {},
): Promise<PdfText> {
  const task = pdfjs.getDocument({ data, isEvalSupported: false, disableFontFace: true });
  try {
    const document = await task.promise;
    const pages = document.numPages;
    const parts: string[] = [];
    let length = 0;
    let pagesRead = 0;
    let truncated = pages > maxPages;
    for (let n = 1; n <= Math.min(pages, maxPages); n++) {
      const page = await document.getPage(n);
      const text = pageText((await page.getTextContent()).items);
      page.cleanup();
      pagesRead = n;
      const part = pages > 1 ? `--- Page ${n} ---\n${text}` : text;
      if (length + part.length > maxChars) {
        parts.push(part.slice(0, Math.max(0, maxChars - length)));
        truncated = true;
        break;
      }
      parts.push(part);
      length += part.length + 2;
    }
    const hasText = parts.some((part) => part.replace(/^--- Page \d+ ---$/m, '').trim() !== '');
    let text = hasText ? parts.join('\n\n').trim() : '';
    if (hasText && truncated) text += `\n\n[Truncated: ${pagesRead} of ${pages} pages read]`;
    return { text, pages, pagesRead, truncated };
  } finally {
    await task.destroy();
  }
}
