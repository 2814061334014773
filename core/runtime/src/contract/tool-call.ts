import { Type, type Static } from 'typebox';

/**
 * One streamed tool-call fragment. `arguments` is text to append to the call at `index`;
 * `id` and `name` are repeated on every fragment of a call.
 */
export const ToolCallFragmentSchema = Type.Object(
  {
    /** Position of the call in the answer; fragments with the same index belong to one call. */
    index: Type.Integer({ minimum: 0 }),
    /** Call id, stable for every fragment of the call. */
    id: Type.String(),
    /** Always "function". */
    type: Type.Literal('function'),
    function: Type.Object({
      /** Function (tool) name. */
      name: Type.String(),
      /** Argument text to append (JSON once complete). */
      arguments: Type.String(),
    }),
  },
  { $id: 'ToolCallFragment' },
);
export type ToolCallFragment = Static<typeof ToolCallFragmentSchema>;

/** A complete tool call, as merged from fragments. */
export const ToolCallSchema = Type.Object(
  {
    id: Type.String(),
    type: Type.Literal('function'),
    index: Type.Optional(Type.Integer({ minimum: 0 })),
    function: Type.Object({ name: Type.String(), arguments: Type.String() }),
  },
  { $id: 'ToolCall' },
);
export type ToolCall = Static<typeof ToolCallSchema>;
