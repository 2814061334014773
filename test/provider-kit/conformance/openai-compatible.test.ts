/**
 * The conformance kit over every OpenAI-compatible provider in this repository, each against the
 * fake OpenAI upstream speaking Chat Completions (and the Responses API where the provider's
 * search goes through it).
 */
import t from 'tap';
import type { ProviderDefinition } from '@manifold/core/contract/runtime';
import { definition as deepseek } from '@manifold/provider-deepseek';
import { definition as groq } from '@manifold/provider-groq';
import { definition as moonshot } from '@manifold/provider-moonshot';
import { definition as openai } from '@manifold/provider-openai';
import { responsesEvents } from '@manifold/provider-kit/fakes/openai-responses-builders';
import type { Scenario } from '@manifold/provider-kit/fakes/openai';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';

/** OpenAI's search goes through the Responses API: citations are url_citation annotations. */
const responsesCitations: Scenario = {
  kind: 'responses',
  events: responsesEvents({
    text: ['Cit', 'ed.'],
    annotations: [
      { url: 'https://example.com/a', title: 'A', start_index: 0, end_index: 3 },
      { url: 'https://example.com/b', title: 'B', start_index: 3, end_index: 6 },
    ],
  }),
};

const providers: Array<[ProviderDefinition, string]> = [
  [openai, 'gpt-4o-mini'],
  [deepseek, 'deepseek-chat'],
  [moonshot, 'kimi-k2-0905-preview'],
  [groq, 'llama-3.3-70b-versatile'],
];

for (const [definition, model] of providers) {
  t.test(`${definition.manifest.id} keeps the protocol`, async (t) =>
    compatConformance(t, definition, {
      model,
      ...(definition.manifest.id === 'openai' && { scenarios: { citations: responsesCitations } }),
      ...(definition.manifest.id === 'groq' && { basePath: '/openai/v1' }),
    }),
  );
}
