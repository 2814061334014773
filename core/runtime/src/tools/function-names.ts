import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { ToolManifest } from '../contract/tool-manifest.js';

/** Between a tool's identifier and its api name in a function name (CONTRACT §8). */
export const TOOL_NAME_SEPARATOR = '____';

/** Most function tools one chat request may offer (CONTRACT §8). */
export const MAX_TOOLS = 128;

/** What every provider accepts as a function name. */
const VALID_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * The function name of a tool's api (CONTRACT §8): `<identifier>____<apiName>`, or, when that is
 * longer than 64 characters or has other characters than letters, digits, `_` and `-`, the
 * stable short form `t_` + the first 16 hex characters of SHA-256 of `<identifier>____<apiName>`.
 * The gateway and the web app compute it the same way (synchronously, in Node and in a browser).
 */
export function toolFunctionName(identifier: string, apiName: string): string {
  const full = `${identifier}${TOOL_NAME_SEPARATOR}${apiName}`;
  if (VALID_NAME.test(full)) return full;
  return `t_${bytesToHex(sha256(utf8ToBytes(full))).slice(0, 16)}`;
}

/** The tool and api a function name stands for, among these manifests; undefined when none. */
export function resolveToolFunctionName(
  name: string,
  manifests: readonly Pick<ToolManifest, 'identifier' | 'api'>[],
): { identifier: string; apiName: string } | undefined {
  const at = name.indexOf(TOOL_NAME_SEPARATOR);
  if (at > 0 && !name.startsWith('t_')) {
    const identifier = name.slice(0, at);
    const apiName = name.slice(at + TOOL_NAME_SEPARATOR.length);
    const manifest = manifests.find((each) => each.identifier === identifier);
    if (manifest?.api.some((api) => api.name === apiName)) return { identifier, apiName };
  }
  for (const manifest of manifests)
    for (const api of manifest.api)
      if (toolFunctionName(manifest.identifier, api.name) === name)
        return { identifier: manifest.identifier, apiName: api.name };
  return undefined;
}
