/**
 * The `crawl` api: read each URL (in parallel) through the guarded fetch, since these URLs come
 * from the model (`BASE_URL_POLICY` applies, checked on the address connected to), and return its
 * main content as Markdown.
 *
 * - **Redirects.** The transport never follows one. The crawl follows up to `MAX_REDIRECTS` itself,
 *   each hop again through the guarded fetch, so every address is checked, and only to http(s).
 * - **Caps.** A body larger than `MAX_PAGE_BYTES` is refused (the transport stops reading there);
 *   the Markdown of a page is cut at `MAX_PAGE_CHARACTERS`. Each page has its own time limit.
 * - **Types.** HTML and XHTML are reduced to their main content; plain text and Markdown are
 *   passed as they are; anything else (PDF, images, JSON…) is refused for that URL.
 * - **Failures.** A URL that fails is reported in the text in its place; the call fails only when
 *   every URL failed.
 */
import { isManifoldError } from '@manifold/core/errors/manifold-error';
import { truncateText } from '@manifold/core/errors/sanitize';
import { findUpstreamFault } from '@manifold/core/errors/upstream-fault';
import { toolFailed, type ToolCallContext, type ToolResult } from '../types.js';
import type { HtmlExtractor } from './extractor.js';
import { WEB_SEARCH_ID } from './manifest.js';
import { describeFailure, originFavicon } from './search.js';

/** Redirects followed per URL. */
export const MAX_REDIRECTS = 3;
/** Largest page body read, in bytes (decoded). */
export const MAX_PAGE_BYTES = 2 * 1024 * 1024;
/** Longest page text handed to the model, in characters. */
export const MAX_PAGE_CHARACTERS = 32_000;

const HEADERS = {
  accept: 'text/html,application/xhtml+xml,text/markdown;q=0.9,text/plain;q=0.8,*/*;q=0.1',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'en;q=0.9, *;q=0.5',
  'user-agent': 'Mozilla/5.0 (compatible; Manifold web-search crawler)',
};

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const TEXT_TYPES = new Set(['text/plain', 'text/markdown', 'text/x-markdown']);

type Page =
  | { ok: true; url: string; finalURL: string; title: string; content: string }
  | { ok: false; url: string; error: string };

class PageError extends Error {}

/** The body's text in its declared charset (header, else an HTML `<meta charset>`), else UTF-8. */
function decode(bytes: Uint8Array, charset: string | undefined, html: boolean): string {
  let label = charset;
  if (!label && html) {
    const head = Buffer.from(bytes.subarray(0, 2048)).toString('latin1');
    label = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1];
  }
  try {
    return new TextDecoder(label ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** The next URL of a redirect, or undefined when the error is not one. */
function redirectTarget(error: unknown, response: Response | undefined, from: string) {
  const fault = findUpstreamFault(error);
  if (fault?.reason === 'redirect') return { location: fault.location };
  if (response && response.status >= 300 && response.status < 400) {
    const location = response.headers.get('location');
    try {
      return { location: location ? new URL(location, from).href : undefined };
    } catch {
      return { location: undefined };
    }
  }
  return undefined;
}

/** Fetch one URL, following redirects as the module comment says. */
async function fetchPage(url: string, context: ToolCallContext, signal: AbortSignal) {
  let current = url;
  for (let hop = 0; ; hop++) {
    let response: Response | undefined;
    let failure: unknown;
    try {
      response = await context.fetch.guarded(current, {
        headers: HEADERS,
        signal,
        redirect: 'manual',
        upstream: { maxBodyBytes: MAX_PAGE_BYTES },
      } as RequestInit);
    } catch (error) {
      failure = error;
    }
    const redirect = redirectTarget(failure, response, current);
    if (!redirect) {
      if (failure !== undefined) throw failure;
      return { response: response!, finalURL: response!.url || current };
    }
    if (!redirect.location) throw new PageError('redirected without a usable Location');
    if (!/^https?:\/\//i.test(redirect.location))
      throw new PageError(`redirected to a non-http(s) URL (${redirect.location})`);
    if (hop >= MAX_REDIRECTS) throw new PageError(`more than ${MAX_REDIRECTS} redirects`);
    current = redirect.location;
  }
}

/** Longest a page's HTML may take to reduce to Markdown, in the worker. */
const EXTRACT_TIMEOUT_MS = 10_000;

async function readPage(
  url: string,
  context: ToolCallContext,
  signal: AbortSignal,
  extractor: HtmlExtractor,
): Promise<Page> {
  if (!/^https?:\/\//i.test(url)) throw new PageError('not an http(s) URL');
  const { response, finalURL } = await fetchPage(url, context, signal);
  if (!response.ok)
    throw new PageError(`the page answered ${response.status} ${response.statusText}`.trim());
  const contentType = response.headers.get('content-type') ?? '';
  const [mime = '', ...parameters] = contentType.split(';').map((part) => part.trim());
  const type = mime.toLowerCase();
  const charset = parameters
    .find((parameter) => /^charset=/i.test(parameter))
    ?.slice(8)
    .replace(/"/g, '');
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.length > MAX_PAGE_BYTES)
    throw new PageError(`the page is larger than ${MAX_PAGE_BYTES / 1024 / 1024} MiB`);
  const sniffedHTML = !type && /^\s*</.test(Buffer.from(bytes.subarray(0, 256)).toString('latin1'));
  let title: string;
  let content: string;
  if (HTML_TYPES.has(type) || sniffedHTML) {
    ({ title, markdown: content } = await extractor.extract(
      decode(bytes, charset, true),
      finalURL,
      EXTRACT_TIMEOUT_MS,
      signal,
    ));
  } else if (TEXT_TYPES.has(type) || (!type && !bytes.includes(0))) {
    content = decode(bytes, charset, false).trim();
    title = /^#\s+(.+)$/m.exec(content)?.[1]?.trim() ?? '';
  } else {
    throw new PageError(
      `the page is ${type || 'binary'}, which crawl does not read (it reads HTML, plain text and Markdown)`,
    );
  }
  if (!content) throw new PageError('the page has no readable text (it may need JavaScript)');
  return {
    ok: true,
    url,
    finalURL,
    title: title || finalURL,
    content: truncateText(content, MAX_PAGE_CHARACTERS),
  };
}

/** Why a page could not be read, in one line. */
function pageFailure(error: unknown, timedOutAfterMs: number | undefined): string {
  if (error instanceof PageError) return error.message;
  // the guarded fetch refusing a private address (BASE_URL_POLICY=public), maybe wrapped
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    if (isManifoldError(current)) return String(current.body.message ?? current.message);
    current = current.cause;
  }
  const fault = findUpstreamFault(error);
  if (fault?.reason === 'response_too_large')
    return `the page is larger than ${MAX_PAGE_BYTES / 1024 / 1024} MiB`;
  return describeFailure(error, timedOutAfterMs);
}

function render(pages: readonly Page[]): string {
  return pages
    .map((page, index) => {
      if (!page.ok) return `[${index + 1}] ${page.url}\nError: ${page.error}`;
      const lines = [`[${index + 1}] ${page.title}`, `URL: ${page.finalURL}`];
      if (page.finalURL !== page.url) lines.push(`(redirected from ${page.url})`);
      return `${lines.join('\n')}\n\n${page.content}`;
    })
    .join('\n\n---\n\n');
}

/** Read the URLs; see the module comment. */
export async function runCrawl(
  urls: readonly string[],
  context: ToolCallContext,
  pageTimeoutMs: number,
  extractor: HtmlExtractor,
): Promise<ToolResult> {
  const pages = await Promise.all(
    urls.map(async (url): Promise<Page> => {
      const deadline = AbortSignal.timeout(pageTimeoutMs);
      try {
        return await readPage(url, context, AbortSignal.any([context.signal, deadline]), extractor);
      } catch (error) {
        if (context.signal.aborted) throw context.signal.reason ?? error;
        return {
          ok: false,
          url,
          error: pageFailure(error, deadline.aborted ? pageTimeoutMs : undefined),
        };
      }
    }),
  );
  if (pages.every((page) => !page.ok))
    throw toolFailed(
      WEB_SEARCH_ID,
      `No page could be read: ${pages.map((page) => `${page.url}: ${page.ok ? '' : page.error}`).join('; ')}`,
    );
  return {
    text: render(pages),
    grounding: {
      citations: pages.flatMap((page) => {
        if (!page.ok) return [];
        const favicon = originFavicon(page.finalURL);
        return [{ title: page.title, url: page.finalURL, ...(favicon && { favicon }) }];
      }),
    },
  };
}
