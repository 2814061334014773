/**
 * The `search` api: the backends in order, the next one on an error or an empty answer, the first
 * hits as a numbered list the model reads, and as grounding citations.
 */
import { findUpstreamFault } from '@manifold/core/errors/upstream-fault';
import { toolFailed, type ToolCallContext, type ToolResult } from '../types.js';
import {
  BackendError,
  maskSecrets,
  type SearchBackend,
  type SearchHit,
  type SearchQuery,
} from './backend.js';
import { WEB_SEARCH_ID } from './manifest.js';

/** Results listed per search. */
export const RESULT_LIMIT = 10;
/** Longest snippet shown per result, in characters. */
const SNIPPET_LIMIT = 400;

/** `https://host/favicon.ico` of a page, the guess when a backend gives no favicon. */
export function originFavicon(url: string): string | undefined {
  try {
    const { protocol, host } = new URL(url);
    return `${protocol}//${host}/favicon.ico`;
  } catch {
    return undefined;
  }
}

/** An ISO date-time shown as its date; anything else ("3 days ago") as given. */
function shownDate(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[T ]|$)/.exec(value.trim());
  return iso ? iso[1] : value.trim();
}

/** One line about why a backend gave nothing: its error, a fault of the transport, a timeout. */
export function describeFailure(error: unknown, timedOutAfterMs?: number): string {
  if (timedOutAfterMs !== undefined) return `no answer within ${timedOutAfterMs / 1000} s`;
  if (error instanceof BackendError) return error.message;
  const fault = findUpstreamFault(error);
  if (fault) return fault.description;
  if (error instanceof Error) {
    const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
    if (error.message === 'fetch failed' && cause)
      return `could not be reached (${String(cause.code ?? cause.message ?? 'network error')})`;
    return error.message;
  }
  return String(error);
}

function render(query: SearchQuery, backend: string, hits: readonly SearchHit[]): string {
  const lines = [`Web search results for "${query.query}" (via ${backend}):`, ''];
  hits.forEach((hit, index) => {
    lines.push(`[${index + 1}] ${hit.title}`, `URL: ${hit.url}`);
    const date = shownDate(hit.published);
    if (date) lines.push(`Published: ${date}`);
    if (hit.snippet)
      lines.push(
        hit.snippet.length > SNIPPET_LIMIT
          ? `${hit.snippet.slice(0, SNIPPET_LIMIT)}…`
          : hit.snippet,
      );
    lines.push('');
  });
  return lines.join('\n').trimEnd();
}

/** Run the search through the backends in order; see the module comment. */
export async function runSearch(
  backends: readonly SearchBackend[],
  query: SearchQuery,
  context: ToolCallContext,
  backendTimeoutMs: number,
): Promise<ToolResult> {
  const secrets = backends.flatMap((backend) => backend.secrets);
  const notes: string[] = [];
  let answered = false;
  for (const backend of backends) {
    const deadline = AbortSignal.timeout(backendTimeoutMs);
    const signal = AbortSignal.any([context.signal, deadline]);
    try {
      const hits = await backend.search(query, { fetch: context.fetch.trusted, signal });
      answered = true;
      if (hits.length > 0)
        return {
          text: render(query, backend.name, hits),
          grounding: {
            citations: hits.map((hit) => {
              const favicon = hit.favicon ?? originFavicon(hit.url);
              return { title: hit.title, url: hit.url, ...(favicon && { favicon }) };
            }),
            searchQueries: [query.query],
          },
        };
      notes.push(`${backend.name}: no results`);
    } catch (error) {
      if (context.signal.aborted) throw context.signal.reason ?? error;
      const why = describeFailure(error, deadline.aborted ? backendTimeoutMs : undefined);
      notes.push(`${backend.name}: ${maskSecrets(why, secrets)}`);
      context.logger.warn(
        { tool: WEB_SEARCH_ID, backend: backend.name, failure: notes.at(-1) },
        'search backend failed; trying the next one',
      );
    }
  }
  // Every backend answered nothing or failed. "Nothing found" is an answer the model can act on
  // (another query); only when no backend answered at all did the tool fail.
  if (answered) return { text: `No web results for "${query.query}" (${notes.join('; ')}).` };
  throw toolFailed(WEB_SEARCH_ID, `Every search backend failed: ${notes.join('; ')}`, {
    backends: notes,
  });
}
