/**
 * Exa: `POST /search` with `x-api-key` (exa.ai/docs, "Search"). Snippets come from
 * `contents.highlights`. Errors are `{requestId, error, tag}` (401 `INVALID_API_KEY`, 400
 * `INVALID_REQUEST_BODY`, 402 `NO_MORE_CREDITS`, 429…).
 */
import {
  list,
  requestJSON,
  text,
  usableHits,
  type SearchBackend,
  type SearchHit,
  type TimeRange,
} from './backend.js';

/** The tool's categories Exa has a `category` for (it takes one). */
const CATEGORIES: Record<string, string> = {
  news: 'news',
  science: 'research paper',
  research: 'research paper',
  'research paper': 'research paper',
  finance: 'financial report',
  'financial report': 'financial report',
  company: 'company',
  people: 'people',
  'personal site': 'personal site',
};

const DAY_MS = 86_400_000;
const RANGE_DAYS: Record<TimeRange, number> = { day: 1, week: 7, month: 31, year: 365 };

/** Longest highlight text asked for per result. */
const HIGHLIGHT_CHARACTERS = 500;

/** `TAG: message` of an Exa error body. */
function describe(body: unknown): string | undefined {
  const message = text(body, 'error') ?? text(body, 'message');
  const tag = text(body, 'tag');
  if (!message && !tag) return undefined;
  return [tag, message].filter(Boolean).join(': ');
}

export function createExaBackend(
  key: string,
  baseURL: string,
  now = () => Date.now(),
): SearchBackend {
  return {
    name: 'exa',
    secrets: [key],
    async search(query, io) {
      const category = query.categories
        .map((each) => CATEGORIES[each.trim().toLowerCase()])
        .find(Boolean);
      const request = {
        query: query.query,
        type: 'auto',
        numResults: query.limit,
        ...(category && { category }),
        ...(query.timeRange && {
          startPublishedDate: new Date(now() - RANGE_DAYS[query.timeRange] * DAY_MS).toISOString(),
        }),
        contents: { highlights: { maxCharacters: HIGHLIGHT_CHARACTERS } },
      };
      const body = await requestJSON(
        io,
        `${baseURL}/search`,
        {
          method: 'POST',
          headers: {
            'x-api-key': key,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify(request),
        },
        describe,
      );
      const hits: SearchHit[] = list(body, 'results').map((result) => ({
        title: text(result, 'title') ?? '',
        url: text(result, 'url') ?? '',
        snippet:
          list(result, 'highlights')
            .filter((each) => typeof each === 'string')
            .join(' … ') ||
          text(result, 'summary') ||
          (text(result, 'text') ?? '').slice(0, HIGHLIGHT_CHARACTERS),
        published: text(result, 'publishedDate'),
        favicon: text(result, 'favicon'),
      }));
      return usableHits(hits, query.limit);
    },
  };
}
