import t from 'tap';
import { createRedactingLogger } from '@manifold/core/errors/redacting-logger';

/** A logger recording what it is asked to write, at the levels it enables. */
function recorder(enabled: readonly string[] = ['debug', 'info', 'warn', 'error']) {
  const written: Array<{ level: string; object: object; message?: string }> = [];
  const at = (level: string) => (object: object, message?: string) =>
    void written.push({ level, object, ...(message !== undefined && { message }) });
  return {
    written,
    logger: {
      debug: at('debug'),
      info: at('info'),
      warn: at('warn'),
      error: at('error'),
      isLevelEnabled: (level: string) => enabled.includes(level),
    },
  };
}

t.test('every record is masked before it is written, at every level', async (t) => {
  const { written, logger } = recorder();
  const redacting = createRedactingLogger(logger, ['callerKey-123456']);
  redacting.info({ chunk: 'echo callerKey-123456' }, 'chat completion chunk');
  redacting.debug({ headers: { authorization: 'Bearer abc' } });
  redacting.warn({ message: 'sk-abcdefghijklmnopqrstuvwx' }, 'failed for callerKey-123456');
  redacting.error({ payload: { api_key: 'x' } });
  t.same(written, [
    { level: 'info', object: { chunk: 'echo ****' }, message: 'chat completion chunk' },
    { level: 'debug', object: { headers: { authorization: '****' } } },
    { level: 'warn', object: { message: 'sk-****' }, message: 'failed for ****' },
    { level: 'error', object: { payload: { api_key: '****' } } },
  ]);
});

t.test('a level the logger does not write is neither masked nor written', async (t) => {
  const { written, logger } = recorder(['info']);
  const redacting = createRedactingLogger(logger);
  let read = false;
  redacting.debug({
    get chunk() {
      read = true;
      return 'x';
    },
  });
  t.same(written, []);
  t.notOk(read, 'the record was not walked');
});
