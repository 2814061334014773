// @ts-check
/** How Acme differs from plain OpenAI: rules as data for the shared factory. */

/** @type {import('@manifold/wire-openai/options').OpenAICompatibleOptions} */
export const options = {
  baseURL: 'https://api.acme.example/v1',
  clamps: [{ op: 'range', param: 'max_tokens', min: 1, max: 8192 }],
  errors: { status: { 403: 'LocationNotSupportError' } },
};
