import { randomUUID } from 'node:crypto';
import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';

/**
 * How Higress differs from OpenAI: there is no default base URL (every runtime needs the user's
 * gateway, else BadRequest), requests carry attribution headers for the gateway's logs, and each
 * upstream request a fresh `x-Request-Id`, so that one chat can be traced in those logs.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: '',
  requiresBaseURL: 'set the Higress gateway URL',
  headers: { 'HTTP-Referer': 'https://github.com/manifold', 'X-Title': 'Manifold' },
  requestHeaders: () => ({ 'x-Request-Id': randomUUID() }),
};
