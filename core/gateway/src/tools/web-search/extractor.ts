/**
 * Runs `htmlToMarkdown` in a worker thread (`extract-worker.ts`): a 2 MiB page takes a second or
 * more of CPU to parse and reduce, which on the main thread would stall every stream the gateway
 * serves. One worker, started on first use and not keeping the process alive; pages are read one
 * after the other. A page that takes longer than its time limit (pathological HTML) ends the
 * worker, which fails the pages it held, and the next page starts a new one. The worker's heap is
 * capped, so a page cannot exhaust the gateway's memory.
 */
import { Worker } from 'node:worker_threads';
import type { ExtractedPage } from './extract.js';
import type { ExtractAnswer, ExtractJob } from './extract-worker.js';

/** The worker's own heap limit. */
const WORKER_HEAP_MB = 256;

/** Run from source (`.ts`, under tsx: tests, development) or built (`.js`). */
const fromSource = import.meta.url.endsWith('.ts');
const workerURL = new URL(
  fromSource ? './extract-worker.ts' : './extract-worker.js',
  import.meta.url,
);

/**
 * A new worker. From source, the worker registers tsx's loader before importing its `.ts` file:
 * Node 20 does not apply the parent's `--import=tsx` hooks to a worker's entry module.
 */
function spawn(): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } };
  if (!fromSource) return new Worker(workerURL, options);
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(workerURL.href)}); })`;
  return new Worker(bootstrap, { ...options, eval: true });
}

interface Pending {
  resolve(page: ExtractedPage): void;
  reject(error: Error): void;
}

export class HtmlExtractor {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  /** The page as Markdown; rejects when it takes longer than `timeoutMs` or `signal` aborts. */
  extract(
    html: string,
    url: string,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<ExtractedPage> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<ExtractedPage>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.pending.delete(id);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`reading the page took longer than ${timeoutMs / 1000} s`));
        // the worker is stuck on this page: end it (and the pages it still holds)
        this.stop(worker, new Error('the page reader was restarted'));
      }, timeoutMs);
      const onAbort = () => {
        done();
        reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, {
        resolve: (page) => (done(), resolve(page)),
        reject: (error) => (done(), reject(error)),
      });
      worker.postMessage({ id, html, url } satisfies ExtractJob);
    });
  }

  /** End the worker (the tool source's `close`). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = spawn();
    worker.unref();
    worker.on('message', (answer: ExtractAnswer) => {
      const pending = this.pending.get(answer.id);
      if (!pending) return;
      if ('page' in answer) pending.resolve(answer.page);
      else pending.reject(new Error(answer.error));
    });
    worker.on('error', (error) => this.stop(worker, error));
    worker.on('exit', () => this.stop(worker, new Error('the page reader stopped')));
    this.worker = worker;
    return worker;
  }

  /** Forget a worker that failed or was ended, failing what it held. */
  private stop(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    void worker.terminate();
    for (const pending of [...this.pending.values()]) pending.reject(error);
  }
}
