/**
 * The conformance kit through New API's router, on each of its wires: OpenAI (a model no other wire
 * takes, on Chat Completions), Google (a gemini model, on the fake Gemini API at the deployment's
 * origin) and Anthropic (a claude model at the origin). The user's URL ends in `/v1`, which the
 * router strips.
 */
import type { Test } from 'tap';
import { definition } from '@manifold/provider-newapi';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';
import {
  anthropicWireConformance,
  googleWireConformance,
} from '@manifold/provider-kit/conformance/router-wires';

const withV1 = (url: string) => `${url}/v1`;

/** The conformance kit over newapi (run by runtime.test.ts, so its tests share one process). */
export async function conformance(t: Test): Promise<void> {
  await t.test('on the OpenAI wire', (t) =>
    compatConformance(t, definition, { model: 'deepseek-chat' }),
  );
  await t.test('on the Google wire', (t) =>
    googleWireConformance(t, definition, 'gemini-2.5-flash', withV1),
  );
  await t.test('on the Anthropic wire', (t) =>
    anthropicWireConformance(t, definition, 'claude-sonnet-4-20250514', withV1),
  );
}
