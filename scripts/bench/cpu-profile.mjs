// Where a gateway's CPU went: reads a V8 `.cpuprofile` (written by `node --cpu-prof`) and sums the
// self time of its samples by where the code lives (a package under node_modules, a Manifold
// package, a part of Node itself, the garbage collector), per request served.
import { readFileSync } from 'node:fs';

/** The bucket a sampled frame's self time is counted in. */
export function bucketOf(frame) {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName === '(garbage collector)') return 'garbage collection';
    if (functionName === '(idle)') return '(idle)';
    if (functionName === '(program)') return 'V8 and native code outside JS';
    return `native: ${functionName || '(anonymous)'}`;
  }
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
    if (/^(http|_http|http2)/.test(path) || /^(http|_http)/.test(path)) return 'node: http';
    if (/^(net|stream_base_commons|dns|tcp)/.test(path)) return 'node: net';
    if (/^(timers|process\/task_queues|async_hooks|process\/)/.test(path))
      return 'node: timers, ticks, promises';
    if (
      /^(util|errors|validators|buffer|url|querystring|encoding|event_target|abort_controller|events)/.test(
        path,
      )
    )
      return `node: ${path.split('/')[0]}`;
    return `node: ${path.split('/')[0]}`;
  }
  return url;
}

function manifoldBucket(file, pkg) {
  return `manifold: ${pkg.replace(/^@manifold\//, '')}/${file.replace(/\.js$/, '')}`;
}

/**
 * Self time by bucket, in microseconds, from one profile; `(idle)` is left out of `busy`.
 */
export function summarise(path) {
  const profile = JSON.parse(readFileSync(path, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  let busy = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]);
    const delta = profile.timeDeltas[i] ?? 0;
    const bucket = bucketOf(node.callFrame);
    self.set(bucket, (self.get(bucket) ?? 0) + delta);
    if (bucket !== '(idle)') busy += delta;
  }
  self.delete('(idle)');
  return { busy, buckets: [...self.entries()].sort((a, b) => b[1] - a[1]) };
}

/** Self time by function (name and file), for reading a profile by hand. */
export function topFunctions(path, count = 40) {
  const profile = JSON.parse(readFileSync(path, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const { callFrame } = byId.get(profile.samples[i]);
    const key = `${callFrame.functionName || '(anon)'} ${callFrame.url.replace(/^.*node_modules\//, '')}:${callFrame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  return [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, count);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [path, requests] = process.argv.slice(2);
  const { busy, buckets } = summarise(path);
  const per = Number(requests) || 1;
  console.log(`busy ${(busy / 1000).toFixed(0)} ms, ${(busy / per).toFixed(1)} µs per request`);
  for (const [bucket, us] of buckets.slice(0, 40))
    console.log(
      `${(us / per).toFixed(1).padStart(8)} µs  ${((100 * us) / busy).toFixed(1).padStart(5)} %  ${bucket}`,
    );
  console.log('\ntop functions');
  for (const [fn, us] of topFunctions(path))
    console.log(`${(us / per).toFixed(1).padStart(8)} µs  ${fn}`);
}
