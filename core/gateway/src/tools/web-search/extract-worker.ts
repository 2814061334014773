/**
 * The worker thread that turns HTML into Markdown (`extract.ts`), so that parsing a large page
 * never stalls the gateway's event loop. One message in (`{id, html, url}`), one out (`{id,
 * page}` or `{id, error}`).
 */
import { parentPort } from 'node:worker_threads';
import { htmlToMarkdown } from './extract.js';

/** A page to read. */
export interface ExtractJob {
  id: number;
  html: string;
  url: string;
}

/** What the worker answers. */
export type ExtractAnswer =
  { id: number; page: { title: string; markdown: string } } | { id: number; error: string };

parentPort?.on('message', (job: ExtractJob) => {
  let answer: ExtractAnswer;
  try {
    answer = { id: job.id, page: htmlToMarkdown(job.html, job.url) };
  } catch (error) {
    answer = { id: job.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer);
});
