import t from 'tap';
import {
  parseJSONChunk,
  STREAM_CHUNK_ERROR_MESSAGE,
  streamChunkError,
} from '@manifold/core/protocol/chunk-error';
import { ManifoldError } from '@manifold/core/errors/manifold-error';

t.test('the message is the one the contract fixes', async (t) => {
  t.equal(
    STREAM_CHUNK_ERROR_MESSAGE,
    'chat response streaming chunk parse error, please contact your API Provider to fix it.',
  );
});

t.test('a chunk error carries the chunk and the cause name and message', async (t) => {
  const error = streamChunkError('{bad', new SyntaxError('Unexpected token b'));
  t.ok(error instanceof ManifoldError);
  t.equal(error.errorType, 'StreamChunkError');
  t.equal(error.message, STREAM_CHUNK_ERROR_MESSAGE);
  t.strictSame(error.body, {
    message: STREAM_CHUNK_ERROR_MESSAGE,
    context: { chunk: '{bad', error: { name: 'SyntaxError', message: 'Unexpected token b' } },
  });
});

t.test('long chunks are cut to 1000 characters without splitting an emoji', async (t) => {
  const long = streamChunkError('x'.repeat(5000));
  t.equal((long.body.context as { chunk: string }).chunk.length, 1000);
  const emoji = streamChunkError('x'.repeat(999) + '😀😀');
  t.equal((emoji.body.context as { chunk: string }).chunk, 'x'.repeat(999));
  t.notOk('error' in (long.body.context as object), 'no cause, no error entry');
});

t.test('parseJSONChunk parses valid JSON and throws a StreamChunkError otherwise', async (t) => {
  t.strictSame(parseJSONChunk('{"a":[1,2]}'), { a: [1, 2] });
  t.throws(() => parseJSONChunk('{"a":'), {
    name: 'ManifoldError',
    errorType: 'StreamChunkError',
    body: { context: { chunk: '{"a":', error: { name: 'SyntaxError' } } },
  });
});
