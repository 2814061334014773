// The floor of a Node proxy on this machine, for the time-to-first-event table: node:http in,
// undici.request out to UPSTREAM_URL with the same headers, the answer's bytes piped back as they
// come (no parsing, no checks, nothing else). `node minimal-proxy.mjs <port> <upstream url>`;
// GET /health answers 200 once it listens.
import { createServer } from 'node:http';
import { request } from 'undici';

const [port, upstream] = process.argv.slice(2);
createServer((req, res) => {
  if (req.method === 'GET') return void res.end('ok');
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', async () => {
    try {
      const answer = await request(upstream, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: req.headers.authorization },
        body: Buffer.concat(chunks),
      });
      res.writeHead(answer.statusCode, { 'content-type': answer.headers['content-type'] });
      for await (const chunk of answer.body) res.write(chunk);
      res.end();
    } catch {
      res.destroy();
    }
  });
}).listen(Number(port), '127.0.0.1');
