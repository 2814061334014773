// Where a gateway's CPU went: reads a V8 `.cpuprofile` (written by `node --cpu-prof`) and sums the
// self time of its samples by where the code lives (a package under node_modules, a Manifold
// package, a part of Node itself, the garbage collector), per request served, optionally only the
// samples inside a time window (`summarise(path, { from, to })`, µs of CLOCK_MONOTONIC).
import { readFileSync } from 'node:fs';

/** The bucket a sampled frame's self time is counted in. */
export function bucketOf(frame) {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName === '(garbage collector)') return 'garbage collection';
    if (functionName === '(idle)') return '(idle)';
    if (functionName === '(program)') return 'V8 and native code outside JS';
    // a script without a URL: JavaScript compiled at run time (`new Function`: ajv's validators,
    // fast-json-stringify's serialisers); script 0 is native code (a V8 builtin, a Node binding)
    if (functionName.startsWith('RegExp: ')) return 'native: RegExp';
    if (Number(frame.scriptId) > 0) return `generated JS: ${functionName || '(anonymous)'}`;
    return `native: ${functionName || '(anonymous)'}`;
  }
  if (url.startsWith('wasm://')) return 'wasm';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    const name = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    if (name.startsWith('@manifold/')) return manifoldBucket(rest.slice(2).join('/'), name);
    return `npm: ${name}`;
  }
  const core = /\/(core\/(?:wires\/)?[^/]+|providers\/[^/]+)\/(?:dist|src)\/(.*)$/.exec(url);
  if (core) return manifoldBucket(core[2], core[1]);
  const internal = /^node:internal\/(.*?)(?:\.js)?$/.exec(url) ?? /^node:(.*)$/.exec(url);
  if (internal) {
    const path = internal[1];
    if (/^(streams|webstreams)\//.test(path)) return 'node: streams';
    if (/^(http|_http|http2)/.test(path)) return 'node: http';
    // Node's bundled packages (deps/undici is the global fetch)
    if (path.startsWith('deps/')) return `node: ${path.split('/').slice(0, 2).join('/')}`;
    if (/^(net|stream_base_commons|dns|tcp)/.test(path)) return 'node: net';
    if (/^(timers|process\/task_queues|async_hooks|process\/)/.test(path))
      return 'node: timers, ticks, promises';
    return `node: ${path.split('/')[0]}`;
  }
  return url;
}

function manifoldBucket(file, pkg) {
  return `manifold: ${pkg.replace(/^@manifold\//, '')}/${file.replace(/\.js$/, '')}`;
}

/**
 * The samples of a profile as `[callFrame, µs]`, optionally only those taken inside `window`
 * (`{ from, to }` in µs). A profile's `startTime` and its samples' times (`startTime` plus the
 * running sum of `timeDeltas`) are µs of the monotonic clock V8's `TimeTicks` read, which on Linux
 * is CLOCK_MONOTONIC: the clock of `process.hrtime.bigint()` in any process on the machine, so
 * another process can mark a window with `process.hrtime.bigint() / 1000n`. A sample's delta is
 * the time since the previous sample, counted for the frame it caught.
 */
function* samples(profile, window) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  let time = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0;
    time += delta;
    if (window && (time < window.from || time > window.to)) continue;
    yield [byId.get(profile.samples[i]).callFrame, delta];
  }
}

const read = (path) => JSON.parse(readFileSync(path, 'utf8'));

/**
 * Self time by bucket, in microseconds, from one profile (only the samples inside `window`,
 * `{ from, to }` in µs of CLOCK_MONOTONIC, when given); `(idle)` is left out of `busy`.
 * `sampled` is the time the counted samples cover (busy and idle), `profiled` the profile's own
 * start and end, to check that a window lies inside it.
 */
export function summarise(path, window) {
  const profile = read(path);
  const self = new Map();
  let busy = 0;
  let sampled = 0;
  let count = 0;
  for (const [frame, delta] of samples(profile, window)) {
    const bucket = bucketOf(frame);
    self.set(bucket, (self.get(bucket) ?? 0) + delta);
    if (bucket !== '(idle)') busy += delta;
    sampled += delta;
    count++;
  }
  self.delete('(idle)');
  return {
    busy,
    sampled,
    samples: count,
    profiled: { from: profile.startTime, to: profile.endTime },
    buckets: [...self.entries()].sort((a, b) => b[1] - a[1]),
  };
}

/** Self time by function (name and file), for reading a profile by hand; `window` as above. */
export function topFunctions(path, count = 40, window) {
  const self = new Map();
  for (const [callFrame, delta] of samples(read(path), window)) {
    if (bucketOf(callFrame) === '(idle)') continue;
    const where = callFrame.url
      ? ` ${callFrame.url.replace(/^.*node_modules\//, '').replace(/^.*\/(core|providers)\//, '$1/')}:${callFrame.lineNumber + 1}`
      : '';
    const key = `${callFrame.functionName || '(anonymous)'}${where}`;
    self.set(key, (self.get(key) ?? 0) + delta);
  }
  return [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, count);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // node scripts/bench/cpu-profile.mjs <profile> [requests] [from µs] [to µs]
  const [path, requests, from, to] = process.argv.slice(2);
  const window = from && to ? { from: Number(from), to: Number(to) } : undefined;
  const { busy, buckets } = summarise(path, window);
  const per = Number(requests) || 1;
  console.log(`busy ${(busy / 1000).toFixed(0)} ms, ${(busy / per).toFixed(1)} µs per request`);
  for (const [bucket, us] of buckets.slice(0, 40))
    console.log(
      `${(us / per).toFixed(1).padStart(8)} µs  ${((100 * us) / busy).toFixed(1).padStart(5)} %  ${bucket}`,
    );
  console.log('\ntop functions');
  for (const [fn, us] of topFunctions(path, 40, window))
    console.log(`${(us / per).toFixed(1).padStart(8)} µs  ${fn}`);
}
