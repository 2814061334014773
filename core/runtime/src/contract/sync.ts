// The rows of a person's synced data and the export document (README "Sync"), as TypeBox
// schemas: the bodies of the gateway's sync, export and import routes (a body that does not match
// is a 400 `BadRequest` naming the field, CONTRACT §7), and what a client builds them from. The
// export document's JSON Schema is `manifests/export-document.schema.json`.
import { Type, type Static, type TSchema } from 'typebox';
import {
  FileItemSchema,
  ImageItemSchema,
  MessagePluginSchema,
  MessageToolCallSchema,
} from './chat-message.js';

/** A client-made id: UUIDs, nanoids and the like. */
export const IdSchema = Type.String({
  minLength: 1,
  maxLength: 128,
  pattern: '^[A-Za-z0-9_.:-]+$',
});
/** A provider id (the key of a key vault). */
export const ProviderIdSchema = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[a-z0-9][a-z0-9._-]*$',
});

/** An instant as ISO 8601 with a time zone (`2026-11-24T11:00:00.000Z`). */
export const TimestampSchema = Type.String({
  maxLength: 40,
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:?\\d{2})$',
});

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const text = (maxLength: number) => Type.String({ maxLength });
const JsonObject = Type.Record(Type.String(), Type.Unknown());

/**
 * The times every synced row may carry: when it was made, when it was last changed on the device
 * (`updatedAt`, last writer wins by it; default: now) and when it was deleted (`deletedAt`; a PUT
 * without it undeletes).
 */
const syncTimes = {
  createdAt: Type.Optional(TimestampSchema),
  updatedAt: Type.Optional(TimestampSchema),
  deletedAt: Type.Optional(nullable(TimestampSchema)),
};

/** An agent's chat config (SPEC §3); fields the server does not know yet are kept as sent. */
export const ChatConfigSchema = Type.Object(
  {
    /** `off` (default) or how search runs; any other value means search is on. */
    searchMode: Type.Optional(text(32)),
    /** `chat` (default) or another display. */
    displayMode: Type.Optional(text(32)),
    /** How many recent messages are sent; older ones are summarised. */
    historyCount: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
    enableHistoryCount: Type.Optional(Type.Boolean()),
    disableContextCaching: Type.Optional(Type.Boolean()),
    /** `<provider>/<model>` that runs search as a function call for models without it. */
    searchFCModel: Type.Optional(text(300)),
    useModelBuiltinSearch: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
);

/** The sampling parameters an agent sends (the chat request's names and ranges, CONTRACT §3). */
export const AgentParamsSchema = Type.Object(
  {
    temperature: Type.Optional(Type.Number({ minimum: 0, maximum: 2 })),
    top_p: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
    frequency_penalty: Type.Optional(Type.Number({ minimum: -2, maximum: 2 })),
    presence_penalty: Type.Optional(Type.Number({ minimum: -2, maximum: 2 })),
    max_tokens: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: true },
);

/** `PUT /webapi/sync/agents/:id`. */
export const AgentBodySchema = Type.Object(
  {
    id: Type.Optional(IdSchema),
    title: Type.Optional(text(200)),
    description: Type.Optional(nullable(text(2000))),
    /** An emoji, a URL or a data URL. */
    avatar: Type.Optional(nullable(text(200_000))),
    tags: Type.Optional(Type.Array(text(64), { maxItems: 50 })),
    systemRole: Type.Optional(text(200_000)),
    provider: Type.Optional(nullable(ProviderIdSchema)),
    model: Type.Optional(nullable(Type.String({ minLength: 1, maxLength: 300 }))),
    params: Type.Optional(AgentParamsSchema),
    /** Tool identifiers (CONTRACT §8). */
    plugins: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 128 }), { maxItems: 128 }),
    ),
    chatConfig: Type.Optional(ChatConfigSchema),
    /** New chats start from this agent; setting it clears it on the person's other agents. */
    isDefault: Type.Optional(Type.Boolean()),
    ...syncTimes,
  },
  { additionalProperties: false },
);
export type AgentBody = Static<typeof AgentBodySchema>;

/** `PUT /webapi/sync/conversations/:id`. */
export const ConversationBodySchema = Type.Object(
  {
    id: Type.Optional(IdSchema),
    agentId: Type.Optional(nullable(IdSchema)),
    title: Type.Optional(text(500)),
    provider: Type.Optional(nullable(ProviderIdSchema)),
    model: Type.Optional(nullable(Type.String({ minLength: 1, maxLength: 300 }))),
    pinned: Type.Optional(Type.Boolean()),
    /** The chat-history summary of the messages up to `summaryThrough` (null: none, or cleared). */
    summary: Type.Optional(nullable(text(100_000))),
    summaryThrough: Type.Optional(nullable(IdSchema)),
    summaryUpdatedAt: Type.Optional(nullable(TimestampSchema)),
    ...syncTimes,
  },
  { additionalProperties: false },
);
export type ConversationBody = Static<typeof ConversationBodySchema>;

/** `PUT /webapi/sync/messages/:id`: a message with its reasoning, tool calls and results, usage, trace ids. */
export const MessageBodySchema = Type.Object(
  {
    id: Type.Optional(IdSchema),
    conversationId: IdSchema,
    /** The message it answers; the versions of an answer are siblings under one parent. */
    parentId: Type.Optional(nullable(IdSchema)),
    role: Type.Union([
      Type.Literal('system'),
      Type.Literal('user'),
      Type.Literal('assistant'),
      Type.Literal('tool'),
    ]),
    content: Type.Optional(Type.String()),
    reasoning: Type.Optional(
      nullable(
        Type.Object(
          { content: Type.String(), signature: Type.Optional(Type.String()) },
          { additionalProperties: false },
        ),
      ),
    ),
    imageList: Type.Optional(nullable(Type.Array(ImageItemSchema, { maxItems: 100 }))),
    fileList: Type.Optional(nullable(Type.Array(FileItemSchema, { maxItems: 100 }))),
    /** The tool calls an assistant message made. */
    tools: Type.Optional(nullable(Type.Array(MessageToolCallSchema, { maxItems: 128 }))),
    /** For a tool message: the call it answers, and the plugin that answered. */
    toolCallId: Type.Optional(nullable(Type.String({ minLength: 1, maxLength: 200 }))),
    plugin: Type.Optional(nullable(MessagePluginSchema)),
    grounding: Type.Optional(nullable(JsonObject)),
    usage: Type.Optional(nullable(JsonObject)),
    speed: Type.Optional(nullable(JsonObject)),
    /** The error the answer ended with (`{type, message, body}`). */
    error: Type.Optional(nullable(JsonObject)),
    provider: Type.Optional(nullable(ProviderIdSchema)),
    model: Type.Optional(nullable(Type.String({ minLength: 1, maxLength: 300 }))),
    traceId: Type.Optional(nullable(text(200))),
    observationId: Type.Optional(nullable(text(200))),
    ...syncTimes,
  },
  { additionalProperties: false },
);
export type MessageBody = Static<typeof MessageBodySchema>;

/** `PUT /webapi/sync/key-vaults/:provider`: the key-vault fields of one provider (CONTRACT §2). */
export const KeyVaultBodySchema = Type.Object(
  {
    provider: Type.Optional(ProviderIdSchema),
    vault: Type.Object(
      {
        apiKey: Type.Optional(text(10_000)),
        baseURL: Type.Optional(text(2000)),
        endpoint: Type.Optional(text(2000)),
        accessKeyId: Type.Optional(text(1000)),
        secretAccessKey: Type.Optional(text(10_000)),
        sessionToken: Type.Optional(text(10_000)),
        region: Type.Optional(text(100)),
        apiVersion: Type.Optional(text(100)),
        baseURLOrAccountID: Type.Optional(text(2000)),
      },
      { additionalProperties: false },
    ),
    ...syncTimes,
  },
  { additionalProperties: false },
);
export type KeyVaultBody = Static<typeof KeyVaultBodySchema>;

/** `PUT /webapi/sync/settings`: the person's settings as one JSON document. */
export const SettingsBodySchema = Type.Object(
  { data: JsonObject, ...syncTimes },
  { additionalProperties: false },
);
export type SettingsBody = Static<typeof SettingsBodySchema>;

/** `GET` of a collection: `since` (the `next` of the last answer) and `limit` (1–1000, default 500). */
export const ChangesQuerySchema = Type.Object(
  {
    since: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
    limit: Type.Optional(Type.String({ pattern: '^(1000|[1-9][0-9]{0,2})$' })),
  },
  { additionalProperties: false },
);
/** `GET /webapi/sync/messages` may keep to one conversation. */
export const MessageChangesQuerySchema = Type.Object(
  { ...ChangesQuerySchema.properties, conversationId: Type.Optional(IdSchema) },
  { additionalProperties: false },
);
export const IdParamsSchema = Type.Object({ id: IdSchema });
export const ProviderParamsSchema = Type.Object({ provider: ProviderIdSchema });

/** The version of the export document this server writes and reads. */
export const EXPORT_VERSION = 1;

/** `GET /webapi/export` answers it, `POST /webapi/import` takes it. */
export const ExportDocumentSchema = Type.Object(
  {
    /** Always `manifold-export`. */
    format: Type.Literal('manifold-export'),
    version: Type.Literal(EXPORT_VERSION),
    exportedAt: Type.Optional(TimestampSchema),
    /** Who it was exported from (informative; import writes into the caller's account). */
    user: Type.Optional(
      Type.Object(
        {
          id: Type.String(),
          email: Type.Optional(Type.String()),
          name: Type.Optional(Type.String()),
        },
        { additionalProperties: false },
      ),
    ),
    agents: Type.Optional(
      Type.Array(
        Type.Object(
          { ...AgentBodySchema.properties, id: IdSchema },
          { additionalProperties: false },
        ),
        { maxItems: 10_000 },
      ),
    ),
    conversations: Type.Optional(
      Type.Array(
        Type.Object(
          { ...ConversationBodySchema.properties, id: IdSchema },
          { additionalProperties: false },
        ),
        { maxItems: 100_000 },
      ),
    ),
    messages: Type.Optional(
      Type.Array(
        Type.Object(
          { ...MessageBodySchema.properties, id: IdSchema },
          { additionalProperties: false },
        ),
        { maxItems: 1_000_000 },
      ),
    ),
    settings: Type.Optional(nullable(SettingsBodySchema)),
    /** Only when asked for (`?keyVaults=1`): the provider keys in plain text. */
    keyVaults: Type.Optional(
      Type.Array(
        Type.Object(
          { ...KeyVaultBodySchema.properties, provider: ProviderIdSchema },
          { additionalProperties: false },
        ),
        { maxItems: 1000 },
      ),
    ),
  },
  { additionalProperties: false },
);
export type ExportDocument = Static<typeof ExportDocumentSchema>;

export const ExportQuerySchema = Type.Object(
  { keyVaults: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])) },
  { additionalProperties: false },
);
