import { Type, type Static } from 'typebox';
import { GroundingSchema } from './grounding.js';
import { ToolCallSchema } from './tool-call.js';
import { SpeedSchema, UsageSchema } from './usage.js';

/**
 * The final result of one chat, as `POST /webapi/chat/:provider?format=json` returns it
 * (CONTRACT §3): the event stream collected into one object. An error at any point gives the
 * HTTP error instead, so a result always finished properly.
 */
export const ChatResultSchema = Type.Object(
  {
    /** The stream's id: the provider's response or message id, else `chat_<random>`. */
    id: Type.String(),
    /** The answer text, `text` events concatenated (empty for answers that are only tool calls). */
    text: Type.String(),
    /** Reasoning, when the model produced some. */
    reasoning: Type.Optional(
      Type.Object({
        /** `reasoning` events concatenated. */
        content: Type.String(),
        /** The provider's signature of the reasoning (or its redacted-reasoning data), to send back. */
        signature: Type.Optional(Type.String()),
      }),
    ),
    /** Tool calls, merged from their fragments by index. */
    toolCalls: Type.Optional(Type.Array(ToolCallSchema)),
    /** Search grounding of the answer. */
    grounding: Type.Optional(GroundingSchema),
    /** Images the model produced, as `data:` URLs. */
    images: Type.Optional(Type.Array(Type.String())),
    /** Token usage, when the provider reported it. */
    usage: Type.Optional(UsageSchema),
    /** Output speed, when output arrived. */
    speed: Type.Optional(SpeedSchema),
    /** The provider's finish reason ("stop" when it gave none). */
    stop: Type.String(),
    /** Trace id, when the request was traced. Set by the gateway. */
    traceId: Type.Optional(Type.String()),
    /** Observation id of the trace, when the request was traced. Set by the gateway. */
    observationId: Type.Optional(Type.String()),
  },
  { $id: 'ChatResult' },
);
export type ChatResult = Static<typeof ChatResultSchema>;
