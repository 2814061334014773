import { Type, type Static } from 'typebox';
import { GroundingSchema } from './grounding.js';
import { ToolCallFragmentSchema } from './tool-call.js';
import { SpeedSchema, UsageSchema } from './usage.js';

/** Payload of an `error` event: the same `{type, message, body}` a client gets for an HTTP error. */
export const StreamErrorSchema = Type.Object({
  /** Error type from the catalogue (or an HTTP status). */
  type: Type.Union([Type.String(), Type.Integer()]),
  /** English message. */
  message: Type.String(),
  /** Details: provider, endpoint (masked), the sanitised upstream error, reason. */
  body: Type.Record(Type.String(), Type.Unknown()),
});
export type StreamError = Static<typeof StreamErrorSchema>;

const event = <K extends string, D extends import('typebox').TSchema>(kind: K, data: D) =>
  Type.Object({ id: Type.String(), event: Type.Literal(kind), data });

/** One server-sent event of the chat stream (CONTRACT §4): `id`, `event` and JSON `data`. */
export const StreamEventSchema = Type.Union(
  [
    event('text', Type.String()),
    event('reasoning', Type.String()),
    event('reasoning_signature', Type.String()),
    event('flagged_reasoning_signature', Type.String()),
    event('tool_calls', Type.Array(ToolCallFragmentSchema)),
    event('grounding', GroundingSchema),
    event('usage', UsageSchema),
    event('speed', SpeedSchema),
    event('stop', Type.String()),
    event('error', StreamErrorSchema),
    event('data', Type.Unknown()),
    event('base64_image', Type.String()),
  ],
  { $id: 'StreamEvent' },
);
export type StreamEvent = Static<typeof StreamEventSchema>;
export type StreamEventKind = StreamEvent['event'];
