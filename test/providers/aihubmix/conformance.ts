/**
 * The conformance kit through AiHubMix's router, on each of its wires: OpenAI (a model no other
 * wire takes, on Chat Completions), Google (a gemini model, under `/gemini` of the fake Gemini API,
 * whose routes match any prefix) and Anthropic (a claude model at the origin).
 */
import type { Test } from 'tap';
import { definition } from '@manifold/provider-aihubmix';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';
import {
  anthropicWireConformance,
  googleWireConformance,
} from '@manifold/provider-kit/conformance/router-wires';

/** The conformance kit over aihubmix (run by runtime.test.ts, so its tests share one process). */
export async function conformance(t: Test): Promise<void> {
  await t.test('on the OpenAI wire', (t) =>
    compatConformance(t, definition, { model: 'DeepSeek-V3.1' }),
  );
  await t.test('on the Google wire', (t) =>
    googleWireConformance(t, definition, 'gemini-2.5-flash'),
  );
  await t.test('on the Anthropic wire', (t) =>
    anthropicWireConformance(t, definition, 'claude-sonnet-4-20250514'),
  );
}
