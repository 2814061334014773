import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/**
 * Whether `url` answers a GET with a 2xx within `timeoutMs`. Uses `node:http`, not the global
 * `fetch`: the probe runs at boot, and `fetch` would load Node's bundled undici and compile its
 * WebAssembly HTTP parser there (a few MiB of memory) for one request per local server.
 */
export function probeURL(url: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve(false);
      return;
    }
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(
      target,
      { method: 'GET', agent: false, timeout: timeoutMs },
      (response) => {
        const status = response.statusCode ?? 0;
        response.resume();
        request.destroy();
        resolve(status >= 200 && status < 300);
      },
    );
    const timer = setTimeout(() => request.destroy(), timeoutMs);
    request.once('timeout', () => request.destroy());
    request.once('error', () => resolve(false));
    request.once('close', () => {
      clearTimeout(timer);
      resolve(false);
    });
    request.end();
  });
}
