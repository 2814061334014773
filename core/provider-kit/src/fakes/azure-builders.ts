/**
 * Builders for Azure wire objects: the filter verdicts Azure attaches to streams and completions
 * (`prompt_filter_results`, `content_filter_results`) and Azure's error bodies
 * (`{"error": {"code", "message"}}`: DeploymentNotFound, content_filter, 401, api-version).
 */
import type { JsonScenario } from './openai-scenario.js';

/** The key the fake accepts unless told otherwise. */
export const AZURE_TEST_KEY = 'azure-test-key-0123456789abcdef0123456789';

const SAFE = { filtered: false, severity: 'safe' };
/** A content-filter verdict that lets everything through, as Azure attaches it. */
export const safeFilterResults = () => ({
  hate: SAFE,
  self_harm: SAFE,
  sexual: SAFE,
  violence: SAFE,
});

/** Azure's first stream chunk: no id, no choices, the prompt's filter verdict. */
export const promptFilterChunk = () => ({
  choices: [],
  created: 0,
  id: '',
  model: '',
  object: '',
  prompt_filter_results: [
    {
      prompt_index: 0,
      content_filter_results: {
        ...safeFilterResults(),
        jailbreak: { filtered: false, detected: false },
      },
    },
  ],
});

/** A loosely typed wire object. */
export type Json = Record<string, any>;

/**
 * OpenAI chunks as Azure streams them: the prompt-filter chunk first, then each chunk with
 * `content_filter_results` on its choice (a verdict where the delta has content, `{}` otherwise).
 */
export function azureChunks(chunks: readonly (Json | string)[]): (Json | string)[] {
  const decorated = chunks.map((chunk) => {
    if (typeof chunk === 'string' || !Array.isArray(chunk.choices)) return chunk;
    const choices = chunk.choices.map((choice: Json) => ({
      ...choice,
      content_filter_results: choice.delta?.content ? safeFilterResults() : {},
    }));
    return { ...chunk, choices };
  });
  return [promptFilterChunk(), ...decorated];
}

/** A non-streaming completion as Azure answers it, with the filter verdicts. */
export function azureCompletion(completion: Json): Json {
  return {
    ...completion,
    prompt_filter_results: promptFilterChunk().prompt_filter_results,
    choices: completion.choices.map((choice: Json) => ({
      ...choice,
      content_filter_results: safeFilterResults(),
    })),
  };
}

/** An Azure error answer: `{"error": {"code", "message", …extra}}`. */
export const azureError = (status: number, code: string, message: string, extra: Json = {}) =>
  ({ kind: 'json', status, body: { error: { code, message, ...extra } } }) satisfies JsonScenario;

/** 404 for a deployment name the resource does not have. */
export const deploymentNotFound = () =>
  azureError(
    404,
    'DeploymentNotFound',
    'The API deployment for this resource does not exist. If you created the deployment within the last 5 minutes, please wait a moment and try again.',
  );

/** 400 for a prompt the content filter refused (`category` filtered at medium severity). */
export const contentFilterError = (category = 'violence') =>
  azureError(
    400,
    'content_filter',
    "The response was filtered due to the prompt triggering Azure OpenAI's content management policy. Please modify your prompt and retry. To learn more about our content filtering policies please read our documentation: https://go.microsoft.com/fwlink/?linkid=2198766",
    {
      param: 'prompt',
      type: null,
      status: 400,
      innererror: {
        code: 'ResponsibleAIPolicyViolation',
        content_filter_result: {
          ...safeFilterResults(),
          jailbreak: { filtered: false, detected: false },
          [category]: { filtered: true, severity: 'medium' },
        },
      },
    },
  );

/** Azure's 401 message for a wrong key or a wrong regional endpoint. */
export const ACCESS_DENIED =
  'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.';
