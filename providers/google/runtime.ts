import type { GoogleGenAI, GenerateContentParameters } from '@google/genai';
import type { ProviderRuntime, RuntimeOptions } from '@manifold/core/contract/runtime';
import type { GoogleModelInfo } from '@manifold/wire-google/types';
import { createGoogleRuntime, type GoogleClient } from '@manifold/wire-google/runtime';
import { requestSettings } from './convert-request.js';
import { errorSettings, missingKeyError } from './errors.js';
import { GEMINI_BASE_URL, manifest } from './manifest.js';

/** Models listed per page of `GET /v1beta/models` (the API's maximum). */
const MODEL_PAGE_SIZE = 1000;

/**
 * The origin the SDK is given: the configured base URL (a bare origin, CONTRACT §1) or Google's.
 * A trailing `/v1beta` or `/v1` is dropped, since the SDK adds the version path itself.
 */
export function geminiBaseURL(baseURL: string | undefined): string {
  const origin = (baseURL || GEMINI_BASE_URL).replace(/\/+$/, '');
  return origin.replace(/\/v1(beta)?$/, '');
}

/** The SDK calls of the family runtime, on a Gemini API client made on first use. */
export function geminiClient(ai: () => Promise<GoogleGenAI>): GoogleClient {
  return {
    generateContentStream: async (call) =>
      (await ai()).models.generateContentStream(call as GenerateContentParameters),
    generateContent: async (call) =>
      (await ai()).models.generateContent(call as GenerateContentParameters),
    listModels: async (config) =>
      (await (
        await ai()
      ).models.list({
        config: { ...config, pageSize: MODEL_PAGE_SIZE },
      })) as AsyncIterable<GoogleModelInfo>,
  };
}

/**
 * The Gemini API runtime: `new GoogleGenAI({apiKey, httpOptions: {baseUrl}})` (the key travels in
 * `x-goog-api-key`), chat through `generateContentStream` / `generateContent`, the paged model
 * list through `models.list`. Throws InvalidProviderAPIKey at construction without a key.
 */
export function createRuntime(options: RuntimeOptions): ProviderRuntime {
  if (!options.apiKey) throw missingKeyError(options.providerId);
  const baseURL = geminiBaseURL(options.baseURL);
  const apiKey = options.apiKey;
  // The SDK is loaded on the first call, not at boot: an unused provider costs no memory.
  let loaded: Promise<GoogleGenAI> | undefined;
  const ai = () =>
    (loaded ??= import('@google/genai').then(
      ({ GoogleGenAI }) => new GoogleGenAI({ apiKey, httpOptions: { baseUrl: baseURL } }),
    ));
  return createGoogleRuntime(geminiClient(ai), options, {
    ...requestSettings,
    ...errorSettings,
    baseURL,
    secrets: [options.apiKey],
    builtinModels: manifest.models,
  });
}
