import { Type, type Static } from 'typebox';

/** An image attached to a message. */
export const ImageItemSchema = Type.Object({
  /** Alternative text. */
  alt: Type.Optional(Type.String()),
  /** http(s) URL or `data:` URL of the image. */
  url: Type.String({ minLength: 1 }),
});

/** A file attached to a message; `content` is its extracted text. */
export const FileItemSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** MIME type. */
  fileType: Type.String(),
  /** Size in bytes. */
  size: Type.Integer({ minimum: 0 }),
  url: Type.Optional(Type.String()),
  /** Extracted text content sent to the model. */
  content: Type.Optional(Type.String()),
});

/** A tool call recorded on an assistant message. */
export const MessageToolCallSchema = Type.Object({
  /** Call id, echoed by the tool message's `tool_call_id`. */
  id: Type.String(),
  /** Tool (plugin) identifier. */
  identifier: Type.String(),
  /** Function name within the tool. */
  apiName: Type.String(),
  /** Tool type, e.g. "default", "builtin". */
  type: Type.String(),
  /** JSON text of the arguments. */
  arguments: Type.String(),
  /**
   * The function name as the model called it, for a call of the caller's own function rather than
   * a tool's api (set by the OpenAI- and Anthropic-compatible APIs). Sent to the provider as it is,
   * instead of `<identifier>____<apiName>`.
   */
  name: Type.Optional(Type.String({ minLength: 1 })),
});

/** The plugin that produced a tool message. */
export const MessagePluginSchema = Type.Object({
  identifier: Type.String(),
  apiName: Type.String(),
  type: Type.String(),
  arguments: Type.Optional(Type.String()),
});

/** Message content: plain text, or OpenAI-style parts. */
export const MessageContentSchema = Type.Union([
  Type.String(),
  Type.Array(
    Type.Union([
      Type.Object({ type: Type.Literal('text'), text: Type.String() }),
      Type.Object({
        type: Type.Literal('image_url'),
        image_url: Type.Object({ url: Type.String(), detail: Type.Optional(Type.String()) }),
      }),
    ]),
  ),
  Type.Null(),
]);

/** One message of a conversation. */
export const ChatMessageSchema = Type.Object(
  {
    /** Author role; `function` is the legacy name of `tool`. */
    role: Type.Union([
      Type.Literal('system'),
      Type.Literal('user'),
      Type.Literal('assistant'),
      Type.Literal('tool'),
      Type.Literal('function'),
    ]),
    /** Text (or parts) of the message. */
    content: MessageContentSchema,
    /** Optional author name. */
    name: Type.Optional(Type.String()),
    /** Images attached by the user; sent to vision models. */
    imageList: Type.Optional(Type.Array(ImageItemSchema)),
    /** Files attached by the user; their `content` is sent as text. */
    fileList: Type.Optional(Type.Array(FileItemSchema)),
    /** Reasoning of an earlier assistant answer (and its signature, for providers that verify it). */
    reasoning: Type.Optional(
      Type.Object({ content: Type.String(), signature: Type.Optional(Type.String()) }),
    ),
    /** Tool calls made by an assistant message. */
    tools: Type.Optional(Type.Array(MessageToolCallSchema)),
    /** For a tool message: the id of the call it answers. */
    tool_call_id: Type.Optional(Type.String()),
    /** For a tool message: the plugin that answered. */
    plugin: Type.Optional(MessagePluginSchema),
  },
  { $id: 'ChatMessage' },
);
export type ChatMessage = Static<typeof ChatMessageSchema>;
export type ImageItem = Static<typeof ImageItemSchema>;
export type FileItem = Static<typeof FileItemSchema>;
export type MessageToolCall = Static<typeof MessageToolCallSchema>;
