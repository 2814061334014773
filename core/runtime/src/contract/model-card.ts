import { Type, type Static } from 'typebox';

/** What a model can do; drives the web app's badges and the gateway's request shaping. */
export const ModelAbilitiesSchema = Type.Object({
  /** Accepts tools (function calling). */
  functionCall: Type.Optional(Type.Boolean()),
  /** Produces reasoning. */
  reasoning: Type.Optional(Type.Boolean()),
  /** Accepts images. */
  vision: Type.Optional(Type.Boolean()),
  /** Has built-in web search. */
  search: Type.Optional(Type.Boolean()),
  /** Accepts files. */
  files: Type.Optional(Type.Boolean()),
  /** Outputs images. */
  imageOutput: Type.Optional(Type.Boolean()),
});
export type ModelAbilities = Static<typeof ModelAbilitiesSchema>;

/** Prices per million tokens. */
export const ModelPricingSchema = Type.Object({
  /** Input price per million tokens. */
  input: Type.Optional(Type.Number({ minimum: 0 })),
  /** Output price per million tokens. */
  output: Type.Optional(Type.Number({ minimum: 0 })),
  /** Cached-input (cache read) price per million tokens. */
  cachedInput: Type.Optional(Type.Number({ minimum: 0 })),
  /** Cache-write price per million tokens. */
  writeCacheInput: Type.Optional(Type.Number({ minimum: 0 })),
  /** Currency, default USD. */
  currency: Type.Optional(Type.Union([Type.Literal('USD'), Type.Literal('CNY')])),
});
export type ModelPricing = Static<typeof ModelPricingSchema>;

/** Extra request parameters a model takes, shown as controls by the web app. */
export const ExtendParamSchema = Type.Union([
  Type.Literal('enableReasoning'),
  Type.Literal('reasoningBudgetToken'),
  Type.Literal('reasoningEffort'),
  Type.Literal('disableContextCaching'),
  Type.Literal('thinking'),
  Type.Literal('thinkingBudget'),
  Type.Literal('textVerbosity'),
  Type.Literal('urlContext'),
]);

/** How a model searches: `internal` (always on), `params` (a request flag), `tool` (a search tool). */
export const SearchImplSchema = Type.Union([
  Type.Literal('internal'),
  Type.Literal('params'),
  Type.Literal('tool'),
]);

/** A model the provider serves (SPEC §3). */
export const ModelCardSchema = Type.Object(
  {
    /** Model id as sent upstream. */
    id: Type.String({ minLength: 1 }),
    /** Name shown to people. */
    displayName: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    /** Card type; chat cards are offered in the model picker. */
    type: Type.Union([
      Type.Literal('chat'),
      Type.Literal('embedding'),
      Type.Literal('image'),
      Type.Literal('tts'),
      Type.Literal('stt'),
    ]),
    /** Context window in tokens. */
    contextWindowTokens: Type.Optional(Type.Integer({ minimum: 0 })),
    /** Largest output in tokens. */
    maxOutput: Type.Optional(Type.Integer({ minimum: 0 })),
    /** Offered by default. */
    enabled: Type.Boolean(),
    /** Release date, YYYY-MM-DD. */
    releasedAt: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
    abilities: ModelAbilitiesSchema,
    pricing: Type.Optional(ModelPricingSchema),
    settings: Type.Optional(
      Type.Object({
        extendParams: Type.Optional(Type.Array(ExtendParamSchema)),
        searchImpl: Type.Optional(SearchImplSchema),
      }),
    ),
    config: Type.Optional(
      Type.Object({
        /** Deployment name sent instead of the id (deployment-based providers). */
        deploymentName: Type.Optional(Type.String()),
      }),
    ),
    /** Where the card comes from. */
    source: Type.Union([Type.Literal('builtin'), Type.Literal('custom'), Type.Literal('remote')]),
  },
  { $id: 'ModelCard' },
);
export type ModelCard = Static<typeof ModelCardSchema>;
