/**
 * OpenAI error bodies: `{"error": {"message", "type", "param", "code"}}`. Types, params and messages per code
 * follow what the API returns (help.openai.com error-code guide, real bodies quoted in public issue threads).
 */

/** The `error` member of an OpenAI error body. */
export interface OpenAIErrorObject {
  message: string;
  type: string;
  param: string | null;
  code: string | null;
}

/** Scenario that answers with an OpenAI error body; any field left out takes the value real OpenAI sends. */
export interface ErrorScenario {
  kind: 'error';
  /** HTTP status, e.g. 401, 429, 500. */
  status: number;
  /** `error.code`, e.g. `invalid_api_key`; default from the status (null for 5xx). */
  code?: string | null;
  /** `error.type`; default from the code or status. */
  type?: string;
  /** `error.message`; default from the code or status. */
  message?: string;
  /** `error.param`; default from the code (`messages` for context_length_exceeded), else null. */
  param?: string | null;
  /** Extra response headers, e.g. `retry-after`. */
  headers?: Record<string, string>;
}

const byCode: Record<string, Omit<OpenAIErrorObject, 'code'>> = {
  invalid_api_key: {
    type: 'invalid_request_error',
    param: null,
    message:
      'Incorrect API key provided: sk-test. You can find your API key at https://platform.openai.com/account/api-keys.',
  },
  insufficient_quota: {
    type: 'insufficient_quota',
    param: null,
    message:
      'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
  },
  rate_limit_exceeded: {
    type: 'tokens',
    param: null,
    message:
      'Rate limit reached for gpt-4o-mini in organization org-fake on tokens per min (TPM): Limit 30000, Used 29937, Requested 385. Please try again in 644ms. Visit https://platform.openai.com/account/rate-limits to learn more.',
  },
  model_not_found: {
    type: 'invalid_request_error',
    param: null,
    message: 'The model `gpt-nonexistent` does not exist or you do not have access to it.',
  },
  context_length_exceeded: {
    type: 'invalid_request_error',
    param: 'messages',
    message:
      "This model's maximum context length is 128000 tokens. However, your messages resulted in 130412 tokens. Please reduce the length of the messages.",
  },
  unsupported_country_region_territory: {
    type: 'request_forbidden',
    param: null,
    message: 'Country, region, or territory not supported',
  },
};

const codeByStatus: Record<number, string | null> = {
  400: 'context_length_exceeded',
  401: 'invalid_api_key',
  403: 'unsupported_country_region_territory',
  404: 'model_not_found',
  429: 'rate_limit_exceeded',
};

const byStatus: Record<number, Omit<OpenAIErrorObject, 'code' | 'param'>> = {
  500: {
    type: 'server_error',
    message:
      'The server had an error while processing your request. Sorry about that! You can retry your request, or contact us through our help center at help.openai.com if the error persists.',
  },
  502: { type: 'server_error', message: 'Bad gateway.' },
  503: {
    type: 'server_error',
    message: 'The engine is currently overloaded, please try again later.',
  },
};

/** The `error` object OpenAI sends for this status and code, with realistic defaults for what is left out. */
export function errorObject(scenario: Omit<ErrorScenario, 'kind' | 'headers'>): OpenAIErrorObject {
  const code =
    scenario.code === undefined ? (codeByStatus[scenario.status] ?? null) : scenario.code;
  const known = code === null ? undefined : byCode[code];
  const fallback = byStatus[scenario.status] ?? {
    type: scenario.status >= 500 ? 'server_error' : 'invalid_request_error',
    message: `Upstream answered ${scenario.status}.`,
  };
  return {
    message: scenario.message ?? known?.message ?? fallback.message,
    type: scenario.type ?? known?.type ?? fallback.type,
    param: scenario.param === undefined ? (known?.param ?? null) : scenario.param,
    code,
  };
}

/** Scenario for an OpenAI error answer, e.g. `openaiError(429, 'insufficient_quota')`. */
export function openaiError(status: number, code?: string | null, message?: string): ErrorScenario {
  const scenario: ErrorScenario = { kind: 'error', status };
  if (code !== undefined) scenario.code = code;
  if (message !== undefined) scenario.message = message;
  return scenario;
}

/** A chunk carrying `{error}` mid-stream, as some compatible providers send; the SDK throws `APIError` on it. */
export function streamErrorChunk(
  message: string,
  code: string | null = null,
  type = 'server_error',
) {
  return { error: { message, type, param: null, code } };
}
