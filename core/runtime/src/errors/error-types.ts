/** Every error type of SPEC §8, by name. The catalogue maps each to its HTTP status and messages. */
export const ERROR_TYPES = [
  'AgentRuntimeError',
  'LocationNotSupportError',
  'QuotaLimitReached',
  'InsufficientQuota',
  'ModelNotFound',
  'PermissionDenied',
  'ExceededContextWindow',
  'InvalidProviderAPIKey',
  'ProviderBizError',
  'InvalidOllamaArgs',
  'OllamaBizError',
  'OllamaServiceUnavailable',
  'InvalidBedrockCredentials',
  'InvalidVertexCredentials',
  'StreamChunkError',
  'InvalidGithubToken',
  'ConnectionCheckFailed',
  'NoOpenAIAPIKey',
  'UnknownChatFetchError',
  'BadRequest',
  'InvalidAccessCode',
  'InvalidClerkUser',
  'FreePlanLimit',
  'SubscriptionPlanLimit',
  'SubscriptionKeyMismatch',
  'InvalidUserKey',
  'CreateMessageError',
  'PluginFailToTransformArguments',
  'PluginApiNotFound',
  'PluginApiParamsError',
  'PluginSettingsInvalid',
  'PluginGatewayError',
  'SystemTimeNotMatchError',
] as const;

/** HTTP status codes that are error types of their own. */
export const HTTP_ERROR_CODES = [
  400, 401, 403, 404, 405, 408, 413, 417, 429, 431, 500, 502, 503, 504,
] as const;

export type NamedErrorType = (typeof ERROR_TYPES)[number];
export type HttpErrorCode = (typeof HTTP_ERROR_CODES)[number];
/** An error type: a catalogue name or an HTTP status code. */
export type ErrorType = NamedErrorType | HttpErrorCode;
