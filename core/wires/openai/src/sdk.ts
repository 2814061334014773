/**
 * The `openai` SDK, imported on first use rather than at boot (a gateway that never calls an
 * OpenAI-compatible provider does not hold it in memory). Errors are told apart through `loadedSDK`:
 * no SDK error can exist before the SDK is loaded.
 */
type OpenAIModule = typeof import('openai');

let sdk: OpenAIModule | undefined;
let loading: Promise<OpenAIModule> | undefined;

/** The SDK module, imported once. */
export function loadOpenAI(): Promise<OpenAIModule> {
  if (sdk) return Promise.resolve(sdk);
  loading ??= import('openai').then((module) => (sdk = module));
  return loading;
}

/** The SDK module when it has been loaded, else undefined. */
export const loadedSDK = (): OpenAIModule | undefined => sdk;

/** True for the SDK's API errors carrying an HTTP status (not a connection error). */
export function isSDKStatusError(error: unknown): error is import('openai').APIError & {
  status: number;
} {
  const module = sdk;
  if (!module) return false;
  return (
    error instanceof module.APIError &&
    !(error instanceof module.APIConnectionError) &&
    error.status !== undefined
  );
}
