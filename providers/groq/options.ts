import type { OpenAICompatibleOptions } from '@manifold/core/compat/options';

/**
 * How Groq differs from OpenAI: a temperature of 0 or less is left out (Groq would turn 0 into
 * 1e-8; without it the model's default applies), and 403 means the caller's region is not served.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://api.groq.com/openai/v1',
  clamps: [{ op: 'drop', param: 'temperature', when: { lte: 0 } }],
  errors: { status: { 403: 'LocationNotSupportError' } },
};
