import type { ChatRequest } from './chat-request.js';
import type { KeyVault } from './key-vault.js';
import type { ModelCard } from './model-card.js';
import type { ProviderManifestInput } from './provider-manifest.js';
import type { StreamEvent } from './stream-event.js';

/** The environment name of a provider's debug flag: `DEBUG_<ID>_CHAT_COMPLETION`. */
export const debugFlagName = (providerId: string): string =>
  `DEBUG_${providerId.toUpperCase().replace(/-/g, '_')}_CHAT_COMPLETION`;

/** The logger a runtime gets: pino's method shapes, bound to the request. */
export interface RuntimeLogger {
  debug(object: object, message?: string): void;
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

/**
 * What a runtime is built from: the credentials that win for this request (token over env),
 * the environment for provider flags, and a logger. A runtime never reads `process.env`.
 */
export interface RuntimeOptions extends KeyVault {
  /** Provider id. */
  providerId: string;
  /** True when `baseURL` (or endpoint) came from a user or env override, so hosts are masked in errors. */
  customBaseURL?: boolean;
  /** Environment (process env plus `.env`), for provider flags such as `OPENAI_SEARCH_CONTEXT_SIZE`. */
  env: Readonly<Record<string, string | undefined>>;
  /**
   * The provider's logger. The gateway's masks every record (credentials of this call, keys and
   * tokens in strings and raw chunks), so a runtime may log upstream payloads and chunks as they are.
   */
  logger: RuntimeLogger;
  /** fetch to use for upstream calls (the gateway passes a guarded one under `BASE_URL_POLICY=public`). */
  fetch?: typeof globalThis.fetch;
  /**
   * fetch for URLs a caller put in the request (image URLs inlined as base64); under
   * `BASE_URL_POLICY=public` it refuses private addresses. Default: the global fetch.
   */
  fetchUserContent?: typeof globalThis.fetch;
  /**
   * The provider's effective model cards (built-in cards as edited by `<ID>_MODEL_LIST`), e.g. for
   * an Azure-style `config.deploymentName`. Set by the gateway.
   */
  models?: readonly ModelCard[];
}

/** Per-call context. */
export interface CallContext {
  /** Aborted when the client disconnects; runtimes pass it to the upstream request. */
  signal: AbortSignal;
  /** `Date.now()` when the gateway received the request; start of ttft. */
  startedAt: number;
  /** Caller's user id (from the auth token), forwarded as `user` where the provider takes one. */
  userId?: string;
}

/** Embeddings request (`POST /webapi/embeddings/:provider`). */
export interface EmbeddingsRequest {
  model: string;
  input: string | string[];
  dimensions?: number;
}

/** Text-to-image request (`POST /webapi/text-to-image/:provider`, CONTRACT §3). */
export interface TextToImageRequest {
  /** Model id as the provider names it (e.g. `fal-ai/flux/schnell`, `flux-pro-1.1`). */
  model: string;
  /** What to draw. */
  prompt: string;
  /** Number of images, 1–10 (default 1). */
  n?: number;
  /** Image size `WIDTHxHEIGHT` in pixels, e.g. `1024x1024`; the provider's default when absent. */
  size?: string;
  /** Quality hint as the provider names it (e.g. `standard`, `hd`); ignored where unsupported. */
  quality?: string;
  /** Style hint as the provider names it (e.g. `vivid`, `natural`); ignored where unsupported. */
  style?: string;
}

/** Audio formats of text to speech (CONTRACT §3 `POST /webapi/tts/:provider`). */
export const SPEECH_FORMATS = ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'] as const;
export type SpeechFormat = (typeof SPEECH_FORMATS)[number];

/** Text-to-speech request (`POST /webapi/tts/:provider`, CONTRACT §3). */
export interface SpeechRequest {
  /** A `tts` model id of the provider. */
  model: string;
  /** The text to speak. */
  input: string;
  /** A voice the model has, e.g. `alloy`. */
  voice: string;
  /** 0.25–4, 1 by default. */
  speed?: number;
  /** Audio format, `mp3` by default. */
  format?: SpeechFormat;
}

/** Spoken audio: its bytes and content type. */
export interface SpeechAudio {
  audio: Uint8Array;
  contentType: string;
}

/** A provider runtime: one upstream, one set of credentials. */
export interface ProviderRuntime {
  /**
   * Start a chat. Resolves once the upstream accepted the request (so refusals become HTTP errors,
   * thrown as `ManifoldError`), with the CONTRACT §4 event stream.
   */
  chat(request: ChatRequest, context: CallContext): Promise<AsyncIterable<StreamEvent>>;
  /** The provider's remote model list (`source: "remote"`), ids filtered. */
  models?(context: CallContext): Promise<ModelCard[]>;
  /** Embeddings, one vector per input. */
  embeddings?(request: EmbeddingsRequest, context: CallContext): Promise<number[][]>;
  /**
   * Generate images. Resolves once they are ready, with one URL (or data URL) per image; a
   * refusal or failure throws `ManifoldError`.
   */
  textToImage?(request: TextToImageRequest, context: CallContext): Promise<string[]>;
  /** Speak text (text to speech); a refusal or failure throws `ManifoldError`. */
  speech?(request: SpeechRequest, context: CallContext): Promise<SpeechAudio>;
  /**
   * Download a model to a local server (`POST /webapi/models/:provider/pull`). Resolves once the
   * upstream accepted the pull (a refusal throws `ManifoldError`), with its progress reports.
   */
  pull?(model: string, context: CallContext): Promise<AsyncIterable<PullProgress>>;
}

/** One progress report of a model pull (CONTRACT §3), as the upstream reports it. */
export interface PullProgress {
  /** e.g. "pulling manifest", "downloading", "verifying sha256 digest", "success". */
  status: string;
  /** Bytes done of the current layer. */
  completed?: number;
  /** Bytes of the current layer. */
  total?: number;
  /** The layer's digest. */
  digest?: string;
}

/** What a provider plugin registers with the gateway's provider registry. */
export interface ProviderDefinition {
  manifest: ProviderManifestInput;
  /** Build a runtime; throws `ManifoldError` (e.g. InvalidProviderAPIKey) when the options cannot work. */
  createRuntime(options: RuntimeOptions): ProviderRuntime;
  /**
   * Credentials the server configures for this provider beyond `<ID>_API_KEY` (e.g. Bedrock's
   * `AWS_ACCESS_KEY_ID`, Azure's endpoint), read from the environment at registration. Each field
   * fills the same field of a call whose token does not carry it; a credential here (anything but a
   * URL, region or API version) marks the provider as having a server key.
   */
  serverVault?(env: Readonly<Record<string, string | undefined>>): KeyVault;
  /**
   * Documentation of the environment variables the provider reads beyond the ones every provider
   * has (`<ID>_API_KEY`, `<ID>_PROXY_URL`, `ENABLED_<ID>`, `<ID>_MODEL_LIST`,
   * `DEBUG_<ID>_CHAT_COMPLETION`): name → what it does. The README's provider table is generated
   * from it (`npm run docs`).
   */
  environment?: Readonly<Record<string, string>>;
  /**
   * A keyless local server (LM Studio, vLLM, Xinference): unless `ENABLED_<ID>` says otherwise, it is
   * enabled while it answers `GET <base URL><path>` (`<ID>_PROXY_URL` or the default base URL; path
   * default `/models`). The gateway probes at boot and again when `/providers` is read more than a
   * minute after the last probe.
   */
  localServer?: { path?: string };
}
