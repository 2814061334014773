const MASK = '****';

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** Mask the middle of a host label: ≥ 8 chars keep 2 + 2, 5–7 keep 1 + 1, shorter ones fully. */
function maskLabel(label: string): string {
  if (label.length >= 8) return `${label.slice(0, 2)}${MASK}${label.slice(-2)}`;
  if (label.length >= 5) return `${label.slice(0, 1)}${MASK}${label.slice(-1)}`;
  return MASK;
}

/**
 * Shared hosting domains where the tenant is the label in front of the suffix
 * (`my-resource.openai.azure.com`), not the second-level label.
 */
const SHARED_SUFFIXES = [
  'openai.azure.com',
  'services.ai.azure.com',
  'cognitiveservices.azure.com',
  'inference.ai.azure.com',
  'models.ai.azure.com',
  'azure-api.net',
  'amazonaws.com',
  'workers.dev',
  'pages.dev',
  'vercel.app',
  'herokuapp.com',
  'onrender.com',
  'fly.dev',
  'ngrok.io',
  'ngrok-free.app',
  'trycloudflare.com',
  'hf.space',
  'modal.run',
  'proxy.runpod.net',
  'github.io',
];

function maskHostname(hostname: string): string {
  if (hostname.startsWith('[')) return `[${MASK}]`;
  const ipv4 = IPV4.exec(hostname);
  if (ipv4) return `${ipv4[1]}.${MASK}.${MASK}.${ipv4[4]}`;
  const labels = hostname.split('.');
  const shared = SHARED_SUFFIXES.find((suffix) => hostname.endsWith(`.${suffix}`));
  if (shared) {
    const tenant = labels.length - shared.split('.').length - 1;
    labels[tenant] = maskLabel(labels[tenant] ?? '');
    return labels.join('.');
  }
  // The second-level label names the company or the machine; a single label is masked itself.
  const index = labels.length >= 2 ? labels.length - 2 : 0;
  labels[index] = maskLabel(labels[index] ?? '');
  return labels.join('.');
}

/**
 * Desensitise a custom endpoint for the client (CONTRACT §7): the middle of the host's second-level
 * label is masked (`https://api.my-company.com/v1` → `https://api.my****ny.com/v1`), IPv4 middle
 * octets and IPv6 hosts are masked, a port becomes `****`, user info, query string and fragment are
 * dropped (they may hold keys). The path is kept. Never throws: an unparsable URL gives `****`.
 */
export function maskEndpoint(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return MASK;
  }
  if (!parsed.host) return MASK;
  const port = parsed.port ? `:${MASK}` : '';
  // URL adds `/` to a bare origin; keep the input's shape so `https://host` stays without it.
  const hasPath = /^[a-z][\w+.-]*:\/\/[^/?#]*\//i.test(url.trim());
  const path = parsed.pathname === '/' && !hasPath ? '' : parsed.pathname;
  return `${parsed.protocol}//${maskHostname(parsed.hostname)}${port}${path}`;
}
