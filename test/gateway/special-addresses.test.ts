import t from 'tap';
import { isPrivateAddress } from '@manifold/gateway/special-addresses';
import { authHeader, startGateway } from '../helpers/gateway.js';
import { fakeUpstream } from '../wires/openai/runtime-helpers.js';

/** Addresses a user-supplied URL may not reach under BASE_URL_POLICY=public, with why. */
const REFUSED: readonly [string, string][] = [
  ['0.0.0.0', 'this network'],
  ['0.1.2.3', 'this network'],
  ['10.0.0.8', 'private'],
  ['100.64.0.1', 'shared address space'],
  ['100.127.255.254', 'shared address space, last'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.255', 'loopback, last'],
  ['169.254.169.254', 'link-local metadata service'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private, last'],
  ['192.0.0.8', 'IETF protocol assignments'],
  ['192.0.2.10', 'TEST-NET-1'],
  ['192.88.99.1', '6to4 relay anycast'],
  ['192.168.1.1', 'private'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.255', 'benchmarking, last'],
  ['198.51.100.7', 'TEST-NET-2'],
  ['203.0.113.9', 'TEST-NET-3'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'limited broadcast'],
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback, dotted'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
  ['::ffff:a9fe:a9fe', 'IPv4-mapped link-local'],
  ['::127.0.0.1', 'IPv4-compatible loopback'],
  ['::a00:1', 'IPv4-compatible private, hex'],
  ['::ffff:0:127.0.0.1', 'SIIT loopback'],
  ['::ffff:0:c0a8:101', 'SIIT private, hex'],
  ['64:ff9b::7f00:1', 'NAT64 loopback'],
  ['64:ff9b::10.0.0.1', 'NAT64 private, dotted'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 metadata service'],
  ['64:ff9b:1::808:808', 'local-use NAT64, layout unknown'],
  ['2002:7f00:1::', '6to4 of loopback'],
  ['2002:c0a8:101::1', '6to4 of private'],
  ['2002:a9fe:a9fe:1::1', '6to4 of link-local'],
  ['2001:0:808:808:0:0:80ff:fffe', 'Teredo, client 127.0.0.1'],
  ['2001:0:a00:1:0:0:f7f7:f7f7', 'Teredo, server 10.0.0.1'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo, client 192.0.2.45 (documentation)'],
  ['2001:2::1', 'benchmarking'],
  ['2001:1::1', 'protocol anycast'],
  ['2001:10::1', 'deprecated ORCHID'],
  ['2001:20::1', 'ORCHIDv2'],
  ['2001:30::1', 'DRIP identifiers'],
  ['2001:db8::1', 'documentation'],
  ['3fff::1', 'documentation'],
  ['100::1', 'discard-only'],
  ['5f00::1', 'SRv6 SIDs'],
  ['fc00::1', 'unique local'],
  ['fd12:3456::1', 'unique local'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local with a zone'],
  ['fec0::1', 'site-local'],
  ['feff::1', 'site-local, last'],
  ['ff02::1', 'multicast'],
  ['4000::1', 'outside global unicast'],
  ['1::1', 'outside global unicast'],
  ['localhost', 'not an address'],
];

/** Addresses that stay reachable, with why. */
const ALLOWED: readonly [string, string][] = [
  ['8.8.8.8', 'public'],
  ['1.1.1.1', 'public'],
  ['172.32.0.1', 'just past 172.16/12'],
  ['100.128.0.1', 'just past 100.64/10'],
  ['192.0.3.1', 'just past TEST-NET-1'],
  ['198.20.0.1', 'just past 198.18/15'],
  ['223.255.255.254', 'just before multicast'],
  ['2606:4700::1111', 'global unicast'],
  ['2a00:1450:4001::200e', 'global unicast'],
  ['::ffff:8.8.8.8', 'IPv4-mapped public'],
  ['::808:808', 'IPv4-compatible public'],
  ['::ffff:0:8.8.8.8', 'SIIT public'],
  ['64:ff9b::808:808', 'NAT64 of a public address'],
  ['64:ff9b::1.1.1.1', 'NAT64 of a public address, dotted'],
  ['2002:808:808::1', '6to4 of a public address'],
  ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', 'Teredo, server 65.54.227.120, client 8.8.8.8'],
  ['2001:3::1', 'AMT'],
  ['2001:4:112::1', 'AS112-v6'],
];

t.test('reserved addresses are refused, also when IPv6 embeds a reserved IPv4', async (t) => {
  for (const [address, why] of REFUSED) t.ok(isPrivateAddress(address), `${address}: ${why}`);
});

t.test('public addresses are allowed, also inside IPv6 forms that embed them', async (t) => {
  for (const [address, why] of ALLOWED) t.notOk(isPrivateAddress(address), `${address}: ${why}`);
});

t.test(
  'a token baseURL on NAT64 loopback is refused with BadRequest before any request leaves',
  async (t) => {
    const fake = await fakeUpstream(t);
    const port = new URL(fake.baseURL).port;
    const { url } = await startGateway(t, { BASE_URL_POLICY: 'public' });
    for (const baseURL of [
      `http://[64:ff9b::7f00:1]:${port}/v1`,
      `http://[::ffff:0:7f00:1]:${port}/v1`,
      `http://[2002:7f00:1::1]:${port}/v1`,
    ]) {
      const response = await fetch(`${url}/webapi/chat/openai`, {
        method: 'POST',
        headers: await authHeader({ apiKey: 'sk-user-0123456789abcdefghijkl', baseURL }),
        body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
      });
      t.equal(response.status, 400, baseURL);
      const body = await response.json();
      t.equal(body.errorType, 'BadRequest');
      t.equal(body.body.field, 'baseURL');
      t.match(body.body.message, /private, loopback or reserved address/);
    }
    t.equal(fake.requests.length, 0, 'nothing reached the upstream');
  },
);
