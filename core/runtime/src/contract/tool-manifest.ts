import { Type, type Static } from 'typebox';

/** A JSON Schema of an object (tool parameters, tool settings). */
const ObjectSchema = Type.Record(Type.String(), Type.Unknown());

/** One callable function of a tool (plugin). */
export const ToolApiSchema = Type.Object({
  /** Function name the model calls (with the identifier: `<identifier>____<name>`). */
  name: Type.String({ minLength: 1 }),
  /** What the function does, for the model. */
  description: Type.String(),
  /** JSON Schema of the arguments (`type: "object"`). */
  parameters: Type.Optional(ObjectSchema),
  /**
   * Where a third-party plugin answers this api (`type: "default"`): the gateway POSTs the
   * arguments there. An addition to CONTRACT §8's api fields (LobeChat's plugin manifests have it).
   */
  url: Type.Optional(Type.String()),
});
export type ToolApi = Static<typeof ToolApiSchema>;

/** Where a tool comes from (CONTRACT §8). */
export const ToolSourceSchema = Type.Union([
  Type.Literal('builtin'),
  Type.Literal('mcp'),
  Type.Literal('plugin'),
  Type.Literal('user'),
]);

/** A tool (plugin) the chat can offer to models (SPEC §3, CONTRACT §8). */
export const ToolManifestSchema = Type.Object(
  {
    /** Unique tool id, `[a-z0-9-]+`; tool-call names are `<identifier>____<apiName>`. */
    identifier: Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9-]+$' }),
    /** `builtin` (run by the gateway), `mcp`, `default` (a plugin URL), `markdown`, `standalone`. */
    type: Type.Union([
      Type.Literal('builtin'),
      Type.Literal('mcp'),
      Type.Literal('default'),
      Type.Literal('markdown'),
      Type.Literal('standalone'),
    ]),
    /** Where the tool comes from. */
    source: ToolSourceSchema,
    meta: Type.Object({
      title: Type.String(),
      description: Type.String(),
      /** Emoji or image URL. */
      avatar: Type.Optional(Type.String()),
    }),
    /** The functions the tool offers. */
    api: Type.Array(ToolApiSchema),
    /** Extra system prompt added when the tool is enabled. */
    systemRole: Type.Optional(Type.String()),
    /** URL of the tool's gateway; default: the product's `/webapi/plugin/gateway`. */
    gateway: Type.Optional(Type.String()),
    /** JSON Schema (`type: "object"`) of the tool's settings (keys, options), for a settings form. */
    settings: Type.Optional(ObjectSchema),
    /** UI hints for standalone tools. */
    ui: Type.Optional(
      Type.Object({
        url: Type.String(),
        height: Type.Optional(Type.Integer({ minimum: 0 })),
        width: Type.Optional(Type.Integer({ minimum: 0 })),
      }),
    ),
    /** A tool that connects (an MCP server): whether it is ready. */
    state: Type.Optional(
      Type.Union([Type.Literal('loading'), Type.Literal('success'), Type.Literal('error')]),
    ),
    /** Why `state` is `error`. */
    error: Type.Optional(Type.String()),
  },
  { $id: 'ToolManifest' },
);
export type ToolManifest = Static<typeof ToolManifestSchema>;

/** `GET /tools` and `GET /webapi/tools` (CONTRACT §8). */
export const ToolListSchema = Type.Object(
  { tools: Type.Array(ToolManifestSchema) },
  { $id: 'ToolList' },
);
export type ToolList = Static<typeof ToolListSchema>;
