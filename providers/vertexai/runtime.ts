import type { GoogleGenAI, GenerateContentParameters } from '@google/genai';
import type { ProviderRuntime, RuntimeOptions } from '@manifold/core/contract/runtime';
import { createGoogleRuntime, type GoogleClient } from '@manifold/wire-google/runtime';
import { requestSettings } from './convert-request.js';
import {
  errorSettings,
  invalidCredentials,
  parseServiceAccount,
  type ServiceAccount,
} from './errors.js';
import { manifest } from './manifest.js';

/** Location when none is configured: the global endpoint serves every Gemini model. */
export const DEFAULT_LOCATION = 'global';

/** The endpoint the SDK calls for a location (what error bodies name). */
export const vertexEndpoint = (location: string): string =>
  location === DEFAULT_LOCATION
    ? 'https://aiplatform.googleapis.com'
    : `https://${location}-aiplatform.googleapis.com`;

/**
 * The fetch google-auth-library uses for the token exchange: the JWT-bearer request goes to the
 * service account's `token_uri` (the library itself always posts to Google's endpoint), through
 * the fetch for caller-supplied URLs, so `BASE_URL_POLICY=public` guards it too.
 */
function tokenFetch(account: ServiceAccount, options: RuntimeOptions): typeof globalThis.fetch {
  const fetch = options.fetchUserContent ?? globalThis.fetch;
  return ((input, init) => fetch(account.token_uri ?? input, init)) as typeof globalThis.fetch;
}

/** The SDK calls of the family runtime on a Vertex AI client made on first use (no model list). */
function vertexClient(ai: () => Promise<GoogleGenAI>): GoogleClient {
  return {
    generateContentStream: async (call) =>
      (await ai()).models.generateContentStream(call as GenerateContentParameters),
    generateContent: async (call) =>
      (await ai()).models.generateContent(call as GenerateContentParameters),
  };
}

/**
 * The Vertex AI runtime: `new GoogleGenAI({vertexai: true, project, location, googleAuthOptions:
 * {credentials}})` on the `v1` API. The service account comes from the key vault's `apiKey` (its
 * JSON), the project from its `project_id` (else `VERTEXAI_PROJECT`), the location from `region`
 * (default `global`). Missing or malformed credentials throw InvalidVertexCredentials here.
 */
export function createRuntime(options: RuntimeOptions): ProviderRuntime {
  const provider = options.providerId;
  const account = parseServiceAccount(options.apiKey, provider);
  const project = account.project_id || options.env.VERTEXAI_PROJECT;
  if (!project) {
    throw invalidCredentials(
      provider,
      'No project: the key has no project_id and VERTEXAI_PROJECT is unset',
    );
  }
  const location = options.region || DEFAULT_LOCATION;
  const baseURL = options.baseURL?.replace(/\/+$/, '');
  // The SDK is loaded on the first call, not at boot: an unused provider costs no memory.
  let loaded: Promise<GoogleGenAI> | undefined;
  const ai = () =>
    (loaded ??= import('@google/genai').then(({ GoogleGenAI }) => {
      try {
        return new GoogleGenAI({
          vertexai: true,
          project,
          location,
          apiVersion: 'v1',
          ...(baseURL && { httpOptions: { baseUrl: baseURL } }),
          googleAuthOptions: {
            credentials: account,
            clientOptions: {
              transporterOptions: { fetchImplementation: tokenFetch(account, options) },
            },
          },
        });
      } catch (error) {
        throw invalidCredentials(provider, (error as Error).message);
      }
    }));
  return createGoogleRuntime(vertexClient(ai), options, {
    ...requestSettings,
    ...errorSettings,
    baseURL: baseURL ?? vertexEndpoint(location),
    secrets: [account.private_key, options.apiKey],
    builtinModels: manifest.models,
  });
}
