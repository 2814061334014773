import { createHash } from 'node:crypto';

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/**
 * True when `given` equals one of the deployment's access codes (CONTRACT §2). Server-only (Node).
 * Compares SHA-256 digests, so neither the length nor the content of a code leaks through timing,
 * and always checks every code. A missing or empty `given` never matches, nor does an empty code.
 */
export function matchesAccessCode(given: string | undefined, codes: readonly string[]): boolean {
  if (!given) return false;
  const givenDigest = digest(given);
  let matched = 0;
  for (const code of codes) {
    if (!code) continue;
    const codeDigest = digest(code);
    let difference = 0;
    for (let index = 0; index < givenDigest.length; index++) {
      difference |= givenDigest[index]! ^ codeDigest[index]!;
    }
    // Accumulate instead of returning early: the time taken does not depend on which code matched.
    matched |= Number(difference === 0);
  }
  return matched === 1;
}
