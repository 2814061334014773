import { Type, type Static } from 'typebox';

/** One callable function of a tool (plugin). */
export const ToolApiSchema = Type.Object({
  /** Function name the model calls. */
  name: Type.String({ minLength: 1 }),
  /** What the function does, for the model. */
  description: Type.String(),
  /** JSON Schema of the arguments. */
  parameters: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});

/** A tool (plugin) the chat can offer to models (SPEC §3). */
export const ToolManifestSchema = Type.Object(
  {
    /** Unique tool id; tool-call names are `<identifier>____<apiName>`. */
    identifier: Type.String({ minLength: 1 }),
    /** The functions the tool offers. */
    api: Type.Array(ToolApiSchema),
    /** Extra system prompt added when the tool is enabled. */
    systemRole: Type.Optional(Type.String()),
    meta: Type.Object({
      title: Type.Optional(Type.String()),
      description: Type.Optional(Type.String()),
      /** Emoji or image URL. */
      avatar: Type.Optional(Type.String()),
    }),
    /** `default` (called through the gateway), `standalone` (renders its own UI), `builtin`, `markdown`. */
    type: Type.Optional(
      Type.Union([
        Type.Literal('default'),
        Type.Literal('standalone'),
        Type.Literal('builtin'),
        Type.Literal('markdown'),
      ]),
    ),
    /** UI hints for standalone tools. */
    ui: Type.Optional(
      Type.Object({
        url: Type.String(),
        height: Type.Optional(Type.Integer({ minimum: 0 })),
        width: Type.Optional(Type.Integer({ minimum: 0 })),
      }),
    ),
    /** URL of the tool's gateway; default: the product's `/webapi/plugin/gateway`. */
    gateway: Type.Optional(Type.String()),
  },
  { $id: 'ToolManifest' },
);
export type ToolManifest = Static<typeof ToolManifestSchema>;
