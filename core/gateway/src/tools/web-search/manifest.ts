/** The built-in web-search tool's manifest (CONTRACT §8): pure data. */
import type { ToolManifest } from '@manifold/core/contract/tool-manifest';

export const WEB_SEARCH_ID = 'web-search';

/** Most URLs one `crawl` call reads. */
export const MAX_CRAWL_URLS = 5;
/** Longest query accepted (Brave's limit, the smallest of the backends'). */
export const MAX_QUERY_LENGTH = 400;

const TIME_RANGES = ['day', 'week', 'month', 'year'];

export const webSearchManifest = {
  identifier: WEB_SEARCH_ID,
  type: 'builtin',
  source: 'builtin',
  meta: {
    title: 'Web search',
    description:
      'Search the web and read pages, for current events and facts beyond the model’s training data.',
    avatar: '🔎',
  },
  api: [
    {
      name: 'search',
      description:
        'Search the web. Returns a numbered list of results with title, URL, snippet and date when known. Use short keyword queries; run several searches for different aspects of a question.',
      parameters: {
        type: 'object',
        properties: {
          query: {
            type: 'string',
            minLength: 1,
            maxLength: MAX_QUERY_LENGTH,
            description: 'The search query, as keywords (e.g. "node 22 release date").',
          },
          categories: {
            type: 'array',
            items: { type: 'string', minLength: 1, maxLength: 40 },
            maxItems: 5,
            description:
              'Optional kinds of results, e.g. ["news"], ["science"], ["it"]; leave out for a general search.',
          },
          timeRange: {
            type: 'string',
            enum: TIME_RANGES,
            description: 'Only results from the past day, week, month or year.',
          },
        },
        required: ['query'],
        additionalProperties: false,
      },
    },
    {
      name: 'crawl',
      description: `Read web pages: returns each page's main content as Markdown (long pages are cut). Use it on the most relevant search results, or on a URL the user gave; at most ${MAX_CRAWL_URLS} URLs per call.`,
      parameters: {
        type: 'object',
        properties: {
          urls: {
            type: 'array',
            items: { type: 'string', pattern: '^https?://', minLength: 8, maxLength: 2048 },
            minItems: 1,
            maxItems: MAX_CRAWL_URLS,
            description: 'The http(s) URLs of the pages to read.',
          },
        },
        required: ['urls'],
        additionalProperties: false,
      },
    },
  ],
  systemRole: [
    'You can search the web with the web-search tool.',
    'Use `search` when the question needs current or specific information you do not know for sure; prefer a few focused keyword queries, with `timeRange` for recent events and `categories: ["news"]` for news.',
    'Search results are short snippets: when they do not answer the question fully, use `crawl` on the 1 to 3 most relevant result URLs to read the pages before answering.',
    'Base your answer on what the results say, cite the sources you used inline as Markdown links [title](url), and say so when the results do not answer the question.',
  ].join('\n'),
} satisfies ToolManifest;
