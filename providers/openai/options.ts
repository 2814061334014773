import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import { chatPayload, clamps, responsesPayload, usesResponses } from './convert-request.js';

/** How OpenAI's runtime differs from the shared OpenAI-compatible defaults. */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://api.openai.com/v1',
  clamps,
  payload: chatPayload,
  responses: { when: usesResponses, payload: responsesPayload },
  images: true,
  speech: true,
};
