import type { ToolCall, ToolCallFragment } from '../contract/tool-call.js';

/**
 * Merge streamed tool-call fragments into complete calls, by `index`: a fragment for a new index
 * starts a call (id and name from that first fragment), later ones append their `arguments`. An id or
 * name that was empty is filled from a later fragment. Returns a new array ordered by index; changed
 * calls are new objects and the input is not modified (safe for immutable stores).
 */
export function mergeToolCalls(current: ToolCall[], fragments: ToolCallFragment[]): ToolCall[] {
  if (fragments.length === 0) return current;
  const calls = current.slice();
  for (const fragment of fragments) {
    const position = findByIndex(calls, fragment.index);
    const existing = position === -1 ? undefined : calls[position];
    if (existing === undefined) {
      insertByIndex(calls, {
        id: fragment.id,
        type: 'function',
        index: fragment.index,
        function: { name: fragment.function.name, arguments: fragment.function.arguments },
      });
      continue;
    }
    calls[position] = {
      ...existing,
      id: existing.id || fragment.id,
      function: {
        name: existing.function.name || fragment.function.name,
        arguments: existing.function.arguments + fragment.function.arguments,
      },
    };
  }
  return calls;
}

function findByIndex(calls: ToolCall[], index: number): number {
  for (let position = 0; position < calls.length; position++) {
    if ((calls[position]?.index ?? position) === index) return position;
  }
  return -1;
}

function insertByIndex(calls: ToolCall[], call: ToolCall): void {
  const index = call.index ?? calls.length;
  let position = calls.length;
  while (position > 0 && ((calls[position - 1] as ToolCall).index ?? position - 1) > index) {
    position--;
  }
  calls.splice(position, 0, call);
}
