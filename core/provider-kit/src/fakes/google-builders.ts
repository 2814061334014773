/**
 * Builders of Google `generateContent` wire payloads for the fake upstream (`google.ts`): streamed
 * `GenerateContentResponse` chunks, `usageMetadata`, grounding, error bodies and model-list
 * entries, shaped as the Gemini API sends them (camelCase JSON, usage totals repeated on chunks).
 */

export type Json = Record<string, unknown>;

/** One part of a candidate's content. */
export type WirePart = Json;

/** Options of one streamed chunk. */
export interface ChunkOptions {
  finishReason?: string;
  usage?: Json;
  grounding?: Json;
  responseId?: string;
  modelVersion?: string;
}

/** One `GenerateContentResponse` with a single candidate. */
export function chunk(parts: WirePart[], options: ChunkOptions = {}): Json {
  const candidate: Json = { content: { parts, role: 'model' } };
  if (options.finishReason) candidate.finishReason = options.finishReason;
  if (options.grounding) candidate.groundingMetadata = options.grounding;
  candidate.index = 0;
  const result: Json = { candidates: [candidate] };
  if (options.usage) result.usageMetadata = options.usage;
  result.modelVersion = options.modelVersion ?? 'gemini-2.5-flash';
  result.responseId = options.responseId ?? 'fake-response-id-01';
  return result;
}

/** Options of `usage`. */
export interface UsageOptions {
  thoughts?: number;
  cached?: number;
  toolUsePrompt?: number;
  /** Per-modality prompt counts; default all TEXT. */
  promptDetails?: Array<[string, number]>;
  /** Per-modality candidate counts; default none. */
  candidatesDetails?: Array<[string, number]>;
}

const details = (entries: Array<[string, number]>) =>
  entries.map(([modality, tokenCount]) => ({ modality, tokenCount }));

/** `usageMetadata` as Google reports it: candidates without thoughts, total of everything. */
export function usage(prompt: number, candidates?: number, options: UsageOptions = {}): Json {
  const result: Json = { promptTokenCount: prompt };
  if (candidates !== undefined) result.candidatesTokenCount = candidates;
  const total = prompt + (candidates ?? 0) + (options.thoughts ?? 0) + (options.toolUsePrompt ?? 0);
  result.totalTokenCount = total;
  if (options.cached !== undefined) result.cachedContentTokenCount = options.cached;
  if (options.toolUsePrompt !== undefined) result.toolUsePromptTokenCount = options.toolUsePrompt;
  result.promptTokensDetails = details(options.promptDetails ?? [['TEXT', prompt]]);
  if (options.candidatesDetails)
    result.candidatesTokensDetails = details(options.candidatesDetails);
  if (options.thoughts !== undefined) result.thoughtsTokenCount = options.thoughts;
  return result;
}

/** Options of `textChunks`. */
export interface TextChunksOptions {
  /** Thought summaries streamed before the text. */
  thoughts?: string[];
  usage?: Json;
  finishReason?: string;
  responseId?: string;
}

/**
 * A streamed answer: thought parts, then one text part per chunk; the last chunk carries the finish
 * reason and the final usage, earlier chunks the prompt count only (as Google streams it).
 */
export function textChunks(texts: string[], options: TextChunksOptions = {}): Json[] {
  const id = { responseId: options.responseId ?? 'fake-response-id-01' };
  const prompt = options.usage?.promptTokenCount;
  const running = options.usage
    ? {
        usage: {
          promptTokenCount: prompt,
          totalTokenCount: prompt,
          promptTokensDetails: options.usage.promptTokensDetails,
        },
      }
    : {};
  const chunks = (options.thoughts ?? []).map((text) =>
    chunk([{ text, thought: true }], { ...id, ...running }),
  );
  texts.forEach((text, index) => {
    const last = index === texts.length - 1;
    chunks.push(
      chunk([{ text }], {
        ...id,
        ...(last
          ? { finishReason: options.finishReason ?? 'STOP', usage: options.usage }
          : running),
      }),
    );
  });
  return chunks;
}

/** A part asking for a function call (Google sends the arguments whole, without an id). */
export const functionCall = (name: string, args: Json, extra: Json = {}): WirePart => ({
  functionCall: { name, args },
  ...extra,
});

/** `groundingMetadata` with web sources `[uri, title]` and the queries that were run. */
export function grounding(sources: Array<[string, string]>, queries: string[] = []): Json {
  return {
    groundingChunks: sources.map(([uri, title]) => ({ web: { uri, title } })),
    groundingSupports: [],
    webSearchQueries: queries,
    searchEntryPoint: { renderedContent: '<style>.container{}</style><div>search</div>' },
  };
}

/** The body of a Google error answer (`{"error": {code, message, status, details?}}`). */
export function errorBody(code: number, status: string, message: string, details?: Json[]): Json {
  return { error: { code, message, status, ...(details && { details }) } };
}

/** The Gemini API's answer to a key it does not know (HTTP 400). */
export const API_KEY_INVALID = errorBody(
  400,
  'INVALID_ARGUMENT',
  'API key not valid. Please pass a valid API key.',
  [
    {
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: 'API_KEY_INVALID',
      domain: 'googleapis.com',
      metadata: { service: 'generativelanguage.googleapis.com' },
    },
    {
      '@type': 'type.googleapis.com/google.rpc.LocalizedMessage',
      locale: 'en-US',
      message: 'API key not valid. Please pass a valid API key.',
    },
  ],
);

/** The Gemini API's answer from a region it does not serve (HTTP 400). */
export const LOCATION_NOT_SUPPORTED = errorBody(
  400,
  'FAILED_PRECONDITION',
  'User location is not supported for the API use.',
);

/** Vertex AI's answer to a missing or bad OAuth token (HTTP 401). */
export const UNAUTHENTICATED = errorBody(
  401,
  'UNAUTHENTICATED',
  'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
);

/** One entry of `GET /v1beta/models`. */
export function modelEntry(id: string, extra: Json = {}): Json {
  return {
    name: `models/${id}`,
    version: '001',
    displayName: id,
    description: `The ${id} model`,
    inputTokenLimit: 1_048_576,
    outputTokenLimit: 65_536,
    supportedGenerationMethods: ['generateContent', 'countTokens', 'createCachedContent'],
    temperature: 1,
    topP: 0.95,
    topK: 64,
    maxTemperature: 2,
    ...extra,
  };
}

/** A realistic model list: chat models, an embedding model and an image model without chat. */
export const defaultModels: Json[] = [
  modelEntry('gemini-2.5-pro', { displayName: 'Gemini 2.5 Pro', thinking: true }),
  modelEntry('gemini-2.5-flash', { displayName: 'Gemini 2.5 Flash', thinking: true }),
  modelEntry('gemini-2.0-flash', { displayName: 'Gemini 2.0 Flash', outputTokenLimit: 8192 }),
  modelEntry('gemini-embedding-001', {
    inputTokenLimit: 2048,
    outputTokenLimit: 1,
    supportedGenerationMethods: ['embedContent', 'countTextTokens'],
  }),
  modelEntry('imagen-4.0-generate-001', { supportedGenerationMethods: ['predict'] }),
  modelEntry('gemini-exp-embedding-preview', { supportedGenerationMethods: ['generateContent'] }),
];
