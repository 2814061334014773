import t from 'tap';
import { maskEndpoint } from '@manifold/core/errors/mask-endpoint';

t.test('the middle of the second-level label is masked and the path kept', async (t) => {
  t.equal(maskEndpoint('https://api.my-company.com/v1'), 'https://api.my****ny.com/v1');
  t.equal(maskEndpoint('https://my-company.com/openai/v1/'), 'https://my****ny.com/openai/v1/');
});

t.test('short labels are fully masked and medium ones keep one character each side', async (t) => {
  t.equal(maskEndpoint('https://api.abc.io/v1'), 'https://api.****.io/v1');
  t.equal(maskEndpoint('https://proxy.corpx.net/v1'), 'https://proxy.c****x.net/v1');
});

t.test('a single-label host is masked itself', async (t) => {
  t.equal(maskEndpoint('http://localhost:11434'), 'http://lo****st:****');
  t.equal(maskEndpoint('http://gpu/v1'), 'http://****/v1');
});

t.test('a port is replaced with ****', async (t) => {
  t.equal(
    maskEndpoint('https://llm.internal-host.dev:8443/v1'),
    'https://llm.in****st.dev:****/v1',
  );
});

t.test('IPv4 middle octets and IPv6 hosts are masked', async (t) => {
  t.equal(maskEndpoint('http://192.168.1.5:8000/v1'), 'http://192.****.****.5:****/v1');
  t.equal(maskEndpoint('http://10.0.0.12/v1'), 'http://10.****.****.12/v1');
  t.equal(maskEndpoint('http://[fd00::1]:8000/v1'), 'http://[****]:****/v1');
});

t.test('user info, query string and fragment are dropped', async (t) => {
  t.equal(
    maskEndpoint('https://user:pass@api.my-company.com/v1?key=sk-secret#frag'),
    'https://api.my****ny.com/v1',
  );
});

t.test('a bare origin stays without a trailing slash', async (t) => {
  t.equal(maskEndpoint('https://api.my-company.com'), 'https://api.my****ny.com');
  t.equal(maskEndpoint('https://api.my-company.com/'), 'https://api.my****ny.com/');
});

t.test('malformed input never throws and gives ****', async (t) => {
  t.equal(maskEndpoint('not a url'), '****');
  t.equal(maskEndpoint(''), '****');
  t.equal(maskEndpoint('api.my-company.com/v1'), '****');
  t.equal(maskEndpoint('mailto:someone@example.com'), '****');
});

t.test('on shared hosting domains the tenant label is masked, not the provider', async (t) => {
  t.equal(
    maskEndpoint('https://contoso-east.openai.azure.com/openai/deployments/gpt-4o'),
    'https://co****st.openai.azure.com/openai/deployments/gpt-4o',
  );
  t.equal(
    maskEndpoint('https://myres.services.ai.azure.com/models'),
    'https://m****s.services.ai.azure.com/models',
  );
  t.equal(
    maskEndpoint('https://bedrock-runtime.us-east-1.amazonaws.com'),
    'https://bedrock-runtime.us****-1.amazonaws.com',
  );
});
