/// <reference types="vite/client" />
import type { PdfJsLike } from './pdf-text.js';

let pdfjs: Promise<PdfJsLike> | undefined;

/**
 * PDF.js and its worker, fetched the first time a PDF is attached (both are chunks of their own,
 * never part of the first load). The worker parses off the main thread.
 */
export function loadPdfJs(): Promise<PdfJsLike> {
  pdfjs ??= Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]).then(
    ([module, worker]) => {
      module.GlobalWorkerOptions.workerSrc = worker.default;
      return module as unknown as PdfJsLike;
    },
    (error: unknown) => {
      pdfjs = undefined; // a failed fetch is tried again with the next PDF
      throw error;
    },
  );
  return pdfjs;
}
