import t from 'tap';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import {
  GoogleChunkParser,
  googleResponseParts,
  parseGoogleStream,
} from '@manifold/wire-google/parse-stream';
import type { SSEMessage } from '@manifold/core/protocol/sse-decode';
import type { StreamPart } from '@manifold/core/protocol/stream-part';
import {
  chunk,
  functionCall,
  grounding,
  usage,
} from '@manifold/provider-kit/fakes/google-builders';

const mapError = (error: unknown) =>
  new ManifoldError('ProviderBizError', { message: (error as Error).message, mapped: true });
const parser = () => new GoogleChunkParser({ provider: 'google', mapError });

async function collect(source: AsyncIterable<StreamPart>): Promise<StreamPart[]> {
  const parts: StreamPart[] = [];
  for await (const part of source) parts.push(part);
  return parts;
}

async function* messages(...data: string[]): AsyncGenerator<SSEMessage> {
  for (const item of data) yield { data: item };
}

t.test(
  'thought parts are reasoning, other text parts text, signatures reasoning signatures',
  async (t) => {
    const parts = parser().parse(
      chunk([
        { text: 'Considering', thought: true },
        { text: 'Answer', thoughtSignature: 'c2lnLTE=' },
      ]) as any,
    );
    t.same(parts, [
      { type: 'id', id: 'fake-response-id-01' },
      { type: 'reasoning', text: 'Considering' },
      { type: 'text', text: 'Answer' },
      { type: 'reasoning_signature', signature: 'c2lnLTE=' },
    ]);
  },
);

t.test(
  'function calls: arguments stringified whole, ids <name>_<index>_<random>, counted across chunks',
  async (t) => {
    const p = parser();
    const first = p.parse(
      chunk([functionCall('realtime-weather____fetch', { city: '杭州' })]) as any,
    );
    const second = p.parse(
      chunk([
        functionCall('clock____now', {}),
        functionCall('x', { a: 1 }, { thoughtSignature: 's' }),
      ]) as any,
    );
    const calls = [...first, ...second].filter((part) => part.type === 'tool_call') as Array<
      Extract<StreamPart, { type: 'tool_call' }>
    >;
    t.same(
      calls.map((call) => [call.index, call.name, call.arguments]),
      [
        [0, 'realtime-weather____fetch', '{"city":"杭州"}'],
        [1, 'clock____now', '{}'],
        [2, 'x', '{"a":1}'],
      ],
    );
    t.match(calls[0]!.id, /^realtime-weather____fetch_0_[0-9A-Za-z]{8}$/);
    t.match(calls[1]!.id, /^clock____now_1_[0-9A-Za-z]{8}$/);
    const withId = p.parse(chunk([{ functionCall: { id: 'fc-1', name: 'y', args: {} } }]) as any);
    t.match(
      withId,
      [{}, { type: 'tool_call', id: 'fc-1', index: 3 }],
      'an id Google gives is kept',
    );
  },
);

t.test('an inline image is an image part as a data URL', async (t) => {
  const parts = parser().parse(
    chunk([{ inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } }]) as any,
  );
  t.same(parts.at(-1), { type: 'image', url: 'data:image/png;base64,iVBORw0KGgo=' });
});

t.test(
  'grounding of several chunks is merged into one part at the end of the answer',
  async (t) => {
    const parts = await collect(
      parseGoogleStream(
        messages(
          JSON.stringify(
            chunk([{ text: 'Node' }], {
              grounding: grounding(
                [['https://vertexaisearch.cloud.google.com/a', 'nodejs.org']],
                ['node lts'],
              ),
            }),
          ),
          JSON.stringify(
            chunk([{ text: ' 24.' }], {
              finishReason: 'STOP',
              usage: usage(5, 2),
              grounding: grounding(
                [
                  ['https://vertexaisearch.cloud.google.com/a', 'nodejs.org'],
                  ['https://vertexaisearch.cloud.google.com/b', 'github.com'],
                ],
                ['node lts', 'node release schedule'],
              ),
            }),
          ),
        ),
        { provider: 'google', mapError },
      ),
    );
    const groundings = parts.filter((part) => part.type === 'grounding');
    t.equal(groundings.length, 1);
    t.same(parts.at(-1), {
      type: 'grounding',
      grounding: {
        citations: [
          {
            title: 'nodejs.org',
            url: 'https://vertexaisearch.cloud.google.com/a',
            favicon: 'nodejs.org',
          },
          {
            title: 'github.com',
            url: 'https://vertexaisearch.cloud.google.com/b',
            favicon: 'github.com',
          },
        ],
        searchQueries: ['node lts', 'node release schedule'],
      },
    });
    t.same(
      parts.map((part) => part.type),
      ['id', 'text', 'id', 'text', 'usage', 'finish', 'grounding'],
    );
  },
);

t.test(
  'a blocked prompt is one ProviderBizError naming the reason, with the feedback as context',
  async (t) => {
    const feedback = { blockReason: 'PROHIBITED_CONTENT', safetyRatings: [] };
    const parts = await collect(
      parseGoogleStream(
        messages(
          JSON.stringify({ promptFeedback: feedback, usageMetadata: usage(3) }),
          JSON.stringify(chunk([{ text: 'late' }])),
        ),
        { provider: 'google', mapError },
      ),
    );
    t.equal(parts.length, 1, 'nothing is parsed after it');
    const error = (parts[0] as Extract<StreamPart, { type: 'error' }>).error;
    t.equal(error.errorType, 'ProviderBizError');
    t.match(error.body.message, /prohibited content.*PROHIBITED_CONTENT/);
    t.same(error.body.context, { promptFeedback: feedback });
    t.equal(error.body.provider, 'google');
  },
);

t.test('an error chunk goes through the mapper and ends the answer', async (t) => {
  const parts = await collect(
    parseGoogleStream(
      messages(
        JSON.stringify({ error: { code: 500, message: 'Internal error', status: 'INTERNAL' } }),
        '{}',
      ),
      { provider: 'google', mapError },
    ),
  );
  t.equal(parts.length, 1);
  t.match((parts[0] as any).error.body, { message: 'Internal error', mapped: true });
});

t.test('a payload that is not a JSON object is a StreamChunkError with its text', async (t) => {
  for (const data of ['{"candidates": [', '42']) {
    const error = await collect(
      parseGoogleStream(messages(data), { provider: 'google', mapError }),
    ).catch((caught: unknown) => caught);
    t.equal((error as ManifoldError).errorType, 'StreamChunkError', data);
    t.equal((error as ManifoldError).body.context && (error as any).body.context.chunk, data);
  }
});

t.test('a whole answer ends with the end marker after its grounding', async (t) => {
  const parts = await collect(
    googleResponseParts(
      chunk([{ text: 'Hi' }], {
        finishReason: 'STOP',
        grounding: grounding([['https://example.com/a', 'A']]),
      }) as any,
      { provider: 'google', mapError },
    ),
  );
  t.same(
    parts.map((part) => part.type),
    ['id', 'text', 'finish', 'grounding', 'end'],
  );
});
