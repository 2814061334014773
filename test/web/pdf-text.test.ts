import t from 'tap';
import {
  extractPdfText,
  pageText,
  type PdfJsLike,
  type PdfTextItemLike,
} from '../../web/src/lib/pdf-text.js';

/** A stand-in for PDF.js: pages of text runs, recording what was asked of it. */
function fakePdfJs(pages: PdfTextItemLike[][]) {
  const seen = { options: undefined as unknown, pagesRead: [] as number[], destroyed: false };
  const pdfjs: PdfJsLike = {
    getDocument(source) {
      seen.options = { ...source, data: source.data.length };
      return {
        promise: Promise.resolve({
          numPages: pages.length,
          getPage: async (n: number) => {
            seen.pagesRead.push(n);
            return {
              getTextContent: async () => ({ items: pages[n - 1] ?? [] }),
              cleanup: () => undefined,
            };
          },
        }),
        destroy: async () => {
          seen.destroyed = true;
        },
      };
    },
  };
  return { pdfjs, seen };
}

const line = (str: string): PdfTextItemLike => ({ str, hasEOL: true });

t.test('pageText joins text runs into lines as the PDF ends them', async (t) => {
  t.equal(
    pageText([{ str: 'Hello ' }, { str: 'world' }, { hasEOL: true, str: '' }, line('Second  ')]),
    'Hello world\nSecond',
  );
  t.equal(
    pageText([{} as PdfTextItemLike, line('only marked content skipped')]),
    'only marked content skipped',
  );
  t.equal(
    pageText([line('a'), line(''), line(''), line(''), line('b')]),
    'a\n\nb',
    'blank lines folded',
  );
});

t.test('a one-page PDF gives its text; the document is closed after', async (t) => {
  const { pdfjs, seen } = fakePdfJs([[line('The secret word is MANGO.')]]);
  const result = await extractPdfText(new Uint8Array([1, 2, 3]), pdfjs);
  t.same(result, { text: 'The secret word is MANGO.', pages: 1, pagesRead: 1, truncated: false });
  t.match(seen.options, { data: 3, isEvalSupported: false }, 'no eval in PDF.js');
  t.ok(seen.destroyed);
});

t.test('pages are marked when there are several', async (t) => {
  const { pdfjs } = fakePdfJs([[line('One')], [line('Two')]]);
  const result = await extractPdfText(new Uint8Array(1), pdfjs);
  t.equal(result.text, '--- Page 1 ---\nOne\n\n--- Page 2 ---\nTwo');
  t.equal(result.pages, 2);
});

t.test('the page and character caps cut the text and say so', async (t) => {
  const { pdfjs, seen } = fakePdfJs([[line('A')], [line('B')], [line('C')]]);
  const byPages = await extractPdfText(new Uint8Array(1), pdfjs, { maxPages: 2 });
  t.same(seen.pagesRead, [1, 2], 'pages past the cap are not read');
  t.match(byPages, { pages: 3, pagesRead: 2, truncated: true });
  t.match(byPages.text, /Page 2 ---\nB\n\n\[Truncated: 2 of 3 pages read\]$/);

  const long = fakePdfJs([[line('x'.repeat(50))], [line('y'.repeat(50))]]);
  const byChars = await extractPdfText(new Uint8Array(1), long.pdfjs, { maxChars: 80 });
  t.ok(byChars.truncated);
  t.ok(byChars.text.length < 80 + 40, 'about the cap, plus the note');
  t.notMatch(byChars.text, /y{50}/, 'the second page is cut');
});

t.test('a scan without a text layer gives no text', async (t) => {
  const { pdfjs, seen } = fakePdfJs([[], [{ str: '  ', hasEOL: true }]]);
  const result = await extractPdfText(new Uint8Array(1), pdfjs);
  t.equal(result.text, '');
  t.equal(result.pages, 2);
  t.ok(seen.destroyed);
});

t.test('a broken PDF rejects and the task is still destroyed', async (t) => {
  let destroyed = false;
  const pdfjs: PdfJsLike = {
    getDocument: () => ({
      promise: Promise.reject(new Error('Invalid PDF structure.')),
      destroy: async () => {
        destroyed = true;
      },
    }),
  };
  await t.rejects(extractPdfText(new Uint8Array(1), pdfjs), /Invalid PDF/);
  t.ok(destroyed);
});
