import { Type, type Static } from 'typebox';
import { KeyVaultFieldSchema } from './key-vault.js';
import { ModelCardSchema, SearchImplSchema } from './model-card.js';

/** Per-provider UI and behaviour settings. */
export const ProviderSettingsSchema = Type.Object({
  /** Provider-level built-in search and how it is switched on. */
  searchMode: Type.Optional(SearchImplSchema),
  /** Never call this provider from the browser. */
  disableBrowserRequest: Type.Optional(Type.Boolean()),
  /**
   * A local-model server (Ollama, LM Studio) the page may call itself: the web app always offers
   * the "fetch from the browser" switch for it, and the person's explicit choice there wins over
   * the base-URL and key rule (SPEC §4). Not together with `disableBrowserRequest`.
   */
  defaultShowBrowserRequest: Type.Optional(Type.Boolean()),
  /** Offer the remote model-list fetch. */
  showModelFetcher: Type.Optional(Type.Boolean()),
  /**
   * Offer pulling (downloading) a model by name into the provider's own server: its runtime
   * implements `pull` (`POST /webapi/models/:provider/pull`). Manifold's addition to CONTRACT §5.
   */
  showModelPull: Type.Optional(Type.Boolean()),
  /** The provider supports `apiMode: "responses"`. */
  supportResponsesApi: Type.Optional(Type.Boolean()),
  /** Streaming display: a mode, or `{text, toolsCalling, speed}`. */
  responseAnimation: Type.Optional(
    Type.Union([
      Type.Union([Type.Literal('smooth'), Type.Literal('fadeIn'), Type.Literal('none')]),
      Type.Object({
        text: Type.Optional(
          Type.Union([Type.Literal('smooth'), Type.Literal('fadeIn'), Type.Literal('none')]),
        ),
        toolsCalling: Type.Optional(
          Type.Union([Type.Literal('smooth'), Type.Literal('fadeIn'), Type.Literal('none')]),
        ),
        /** Characters per second at the start of smooth animation (default 10). */
        speed: Type.Optional(Type.Number({ minimum: 1 })),
      }),
    ]),
  ),
});
export type ProviderSettings = Static<typeof ProviderSettingsSchema>;

/** A provider as `GET /providers` serves it (CONTRACT §5). */
export const ProviderManifestSchema = Type.Object(
  {
    /** Provider id, also the folder and plugin name (`provider-<id>`). */
    id: Type.String({ pattern: '^[a-z0-9-]+$' }),
    /** Display name. */
    name: Type.String({ minLength: 1 }),
    description: Type.Optional(Type.String()),
    /** Provider's website. */
    homepage: Type.Optional(Type.String()),
    /** Where to get a key. */
    apiKeyUrl: Type.Optional(Type.String()),
    /** Icon URL or data URL. */
    icon: Type.Optional(Type.String()),
    /** Wire family: openai, anthropic, google, … */
    sdkType: Type.String({ minLength: 1 }),
    /** `builtin` (under providers/) or `plugin` (from MANIFOLD_PLUGINS). Set by the gateway. */
    source: Type.Union([Type.Literal('builtin'), Type.Literal('plugin')]),
    /** Effective enabled state after configuration. */
    enabled: Type.Boolean(),
    /** Order among providers, ascending. */
    sort: Type.Integer(),
    /** Credential fields the key form shows. */
    keyVault: Type.Array(KeyVaultFieldSchema),
    /** Default upstream base URL (placeholder of the base-URL field). */
    defaultBaseURL: Type.Optional(Type.String()),
    settings: ProviderSettingsSchema,
    /** A server-side key is configured. Set by the gateway. */
    serverKey: Type.Boolean(),
    /** Built-in model cards, after `<ID>_MODEL_LIST`. */
    models: Type.Array(ModelCardSchema),
  },
  { $id: 'ProviderManifest' },
);
export type ProviderManifest = Static<typeof ProviderManifestSchema>;

/** What a provider package declares: the manifest without the fields the gateway sets. */
export type ProviderManifestInput = Omit<
  ProviderManifest,
  'source' | 'serverKey' | 'enabled' | 'sort'
> & {
  /** Enabled when nothing configures it (default false). */
  enabled?: boolean;
  /** Default order (default 100). */
  sort?: number;
};
