/**
 * Tracing (CONTRACT §10): with OTEL_EXPORTER_OTLP_ENDPOINT set, a chat that allows tracing is
 * exported over OTLP/HTTP (JSON) to a collector on 127.0.0.1 as a `chat {model}` span with GenAI
 * attributes and a child span per upstream call; a tool call is an `execute_tool {name}` span; a
 * W3C `traceparent` is joined; the answer's trace headers are the OpenTelemetry ids.
 */
import t, { type Test } from 'tap';
import { createServer } from 'node:http';
import { chatUsage, textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import { authHeader } from '../../helpers/gateway.js';
import { ask, resilientGateway } from '../resilience/helpers.js';

interface OtlpValue {
  stringValue?: string;
  intValue?: number | string;
  doubleValue?: number;
  boolValue?: boolean;
  arrayValue?: { values?: OtlpValue[] };
}
interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  status: { code?: number; message?: string };
  resource: Record<string, unknown>;
}

const valueOf = (value: OtlpValue): unknown =>
  value.stringValue ??
  (value.intValue !== undefined ? Number(value.intValue) : undefined) ??
  value.doubleValue ??
  value.boolValue ??
  value.arrayValue?.values?.map(valueOf);

const attributesOf = (list: Array<{ key: string; value: OtlpValue }> = []) =>
  Object.fromEntries(list.map(({ key, value }) => [key, valueOf(value)]));

/** An OTLP/HTTP collector on 127.0.0.1 that keeps the spans it is sent (JSON encoding). */
async function collector(t: Test) {
  const spans: ExportedSpan[] = [];
  const contentTypes: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      contentTypes.push(`${request.url} ${request.headers['content-type']}`);
      const parsed = JSON.parse(body) as {
        resourceSpans: Array<{
          resource: { attributes: Array<{ key: string; value: OtlpValue }> };
          scopeSpans: Array<{ spans: Array<Record<string, unknown>> }>;
        }>;
      };
      for (const { resource, scopeSpans } of parsed.resourceSpans) {
        for (const { spans: list } of scopeSpans) {
          for (const span of list) {
            spans.push({
              ...(span as unknown as ExportedSpan),
              attributes: attributesOf(span.attributes as never),
              resource: attributesOf(resource.attributes),
            });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  const port = (server.address() as { port: number }).port;
  return { endpoint: `http://127.0.0.1:${port}`, spans, contentTypes };
}

/** A plugin endpoint for the tool call. */
async function weatherPlugin(t: Test) {
  const server = createServer((_request, response) => response.end('sunny'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    identifier: 'weather',
    meta: { title: 'Weather', description: 'Current weather' },
    api: [
      {
        name: 'current',
        description: 'The weather now',
        url: `${origin}/current`,
        parameters: { type: 'object', properties: { city: { type: 'string' } } },
      },
    ],
  };
}

const traceHeader = (value: Record<string, unknown>) => ({
  'x-manifold-trace': Buffer.from(JSON.stringify(value)).toString('base64'),
});

const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';
// OTLP span kinds and status codes
const SERVER = 2;
const CLIENT = 3;
const ERROR = 2;

t.test(
  'a traced chat, its upstream calls and a tool call are exported as one trace under the caller',
  async (t) => {
    const otlp = await collector(t);
    const manifest = await weatherPlugin(t);
    const { app, url, openai, chat } = await resilientGateway(t, {
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint,
      OTEL_SERVICE_NAME: 'manifold-test',
    });
    openai.reply({ kind: 'error', status: 503, headers: { 'retry-after': '0' } });
    openai.reply({
      kind: 'chunks',
      chunks: textChunks(['Hi'], { id: 'chatcmpl-traced', usage: chatUsage(11, 7) }),
    });

    const traced = await chat(ask('gpt-4o-mini', { temperature: 0.5 }), {
      headers: {
        ...traceHeader({ enabled: true, sessionId: 'session-1', topicId: 'topic-1' }),
        traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01`,
      },
    });
    const traceId = traced.headers.get('x-manifold-trace-id');
    const observationId = traced.headers.get('x-manifold-observation-id')!;
    t.equal(traced.status, 200);
    t.equal(traceId, CALLER_TRACE, "the chat joins the caller's trace");
    t.match(observationId, /^[0-9a-f]{16}$/);

    // the tool call the model asked for, sent as a child of the chat's span
    const tool = await fetch(`${url}/webapi/plugin/gateway`, {
      method: 'POST',
      headers: {
        ...(await authHeader()),
        ...traceHeader({ enabled: true }),
        traceparent: `00-${traceId}-${observationId}-01`,
      },
      body: JSON.stringify({
        identifier: 'weather',
        apiName: 'current',
        arguments: '{"city":"Paris"}',
        manifest,
      }),
    });
    t.equal(tool.status, 200);
    const toolSpanId = tool.headers.get('x-manifold-observation-id');

    // a chat that did not allow tracing, and one with a UUID trace id and no traceparent
    t.equal(
      (await chat(ask(), { headers: { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` } }))
        .status,
      200,
    );
    const uuid = '0af76519-16cd-43dd-8448-eb211c80319c';
    const own = await chat(ask(), { headers: traceHeader({ enabled: true, traceId: uuid }) });
    t.equal(own.headers.get('x-manifold-trace-id'), uuid.replace(/-/g, ''));

    await app.close(); // flushes the batch
    t.same([...new Set(otlp.contentTypes)], ['/v1/traces application/json']);
    const chats = otlp.spans.filter((span) => span.name === 'chat gpt-4o-mini');
    t.equal(chats.length, 2, 'two chats allowed tracing; the third is not exported');

    const chatSpan = chats.find((span) => span.traceId === CALLER_TRACE)!;
    t.match(chatSpan, {
      spanId: observationId,
      parentSpanId: CALLER_SPAN,
      kind: SERVER,
      resource: { 'service.name': 'manifold-test' },
      attributes: {
        'gen_ai.operation.name': 'chat',
        'gen_ai.provider.name': 'openai',
        'gen_ai.system': 'openai',
        'gen_ai.request.model': 'gpt-4o-mini',
        'gen_ai.request.temperature': 0.5,
        'gen_ai.response.model': 'gpt-4o-mini',
        'gen_ai.response.id': 'chatcmpl-traced',
        'gen_ai.response.finish_reasons': ['stop'],
        'gen_ai.usage.input_tokens': 11,
        'gen_ai.usage.output_tokens': 7,
        'gen_ai.conversation.id': 'topic-1',
        'session.id': 'session-1',
        'manifold.route': 'openai/gpt-4o-mini',
      },
    });
    t.notOk(JSON.stringify(chatSpan).includes('"Hi"'), 'no message content in the span');

    const upstream = otlp.spans
      .filter((span) => span.parentSpanId === observationId && span.name === 'upstream openai')
      .sort(
        (a, b) =>
          Number(a.attributes['manifold.attempt']) - Number(b.attributes['manifold.attempt']),
      );
    t.equal(upstream.length, 2, 'one child span per upstream call: the 503 and its retry');
    t.match(upstream[0], {
      traceId: CALLER_TRACE,
      kind: CLIENT,
      status: { code: ERROR },
      attributes: { 'error.type': 'ProviderBizError', 'http.response.status_code': 503 },
    });
    t.match(upstream[1], {
      attributes: { 'gen_ai.request.model': 'gpt-4o-mini', 'gen_ai.usage.output_tokens': 7 },
    });
    t.notOk(upstream[1]!.attributes['error.type']);

    t.match(
      otlp.spans.find((span) => span.name === 'execute_tool weather____current'),
      {
        traceId: CALLER_TRACE,
        spanId: toolSpanId,
        parentSpanId: observationId,
        attributes: {
          'gen_ai.operation.name': 'execute_tool',
          'gen_ai.tool.name': 'weather____current',
        },
      },
      'the tool span hangs under the chat span',
    );

    const ownTrace = chats.find((span) => span.traceId === uuid.replace(/-/g, ''))!;
    t.ok(ownTrace, "a UUID trace id is the trace's id");
    t.notOk(ownTrace.parentSpanId, 'without traceparent the chat span is a root');
  },
);

t.test('a refused chat is exported with its error', async (t) => {
  const otlp = await collector(t);
  const { app, openai, chat } = await resilientGateway(t, {
    OTEL_EXPORTER_OTLP_ENDPOINT: `${otlp.endpoint}/`,
  });
  openai.reply({ kind: 'error', status: 401, code: 'invalid_api_key' });

  const refused = await chat(ask(), { headers: traceHeader({ enabled: true }) });
  t.equal(refused.status, 401);
  await app.close();

  const [span] = otlp.spans.filter((each) => each.name === 'chat gpt-4o-mini');
  t.match(span, {
    spanId: refused.headers.get('x-manifold-observation-id'),
    status: { code: ERROR },
    attributes: { 'error.type': 'InvalidProviderAPIKey' },
  });
});
