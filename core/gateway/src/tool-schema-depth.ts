import type { ChatTool } from '@manifold/core/contract/chat-request';
import { ManifoldError } from '@manifold/core/errors/manifold-error';

/**
 * Deepest nesting of objects and arrays accepted in a tool's `parameters` (the object itself is
 * level 1). Real JSON Schemas stay far below it; the provider SDKs convert and serialise schemas
 * recursively, so a deeper one would overflow the stack instead of failing as the caller's mistake.
 */
export const MAX_TOOL_SCHEMA_DEPTH = 64;

/** True when `value` nests objects or arrays deeper than `limit` levels (checked without recursion). */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 1]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return false;
}

/** Refuse tool schemas nested deeper than `MAX_TOOL_SCHEMA_DEPTH`: BadRequest naming the tool's field. */
export function assertToolSchemaDepth(tools: readonly ChatTool[] | undefined): void {
  tools?.forEach((tool, index) => {
    if (!nestsDeeperThan(tool.function.parameters, MAX_TOOL_SCHEMA_DEPTH)) return;
    const field = `tools.${index}.function.parameters`;
    throw new ManifoldError('BadRequest', {
      message: `${field} is nested deeper than ${MAX_TOOL_SCHEMA_DEPTH} levels`,
      field,
    });
  });
}
