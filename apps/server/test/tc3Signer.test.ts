// The TC3-HMAC-SHA256 signer checked against Tencent Cloud's own worked example (API 3.0 "签名方法 v3" /
// "Signature v3": CVM DescribeInstances in ap-guangzhou, timestamp 1551113065, signed headers content-type;host).
// The page has shown two key pairs over the years; both published signatures must come out.
import { describe, expect, it } from 'vitest';
import { tc3Authorization } from '../src/slices/calls/providers.js';

// The exact payload of the example, with the escaped instance name "未命名".
const PAYLOAD = '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}';
const sign = (secretId: string, secretKey: string) =>
  tc3Authorization({
    secretId,
    secretKey,
    service: 'cvm',
    host: 'cvm.tencentcloudapi.com',
    timestamp: 1551113065,
    payload: PAYLOAD,
  });

describe('TC3-HMAC-SHA256 against the published example', () => {
  it('gives the documented signature for the masked example key', () => {
    expect(sign('AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******', 'Gu5t9xGARNpq86cd98joQYCN3*******')).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******/2019-02-25/cvm/tc3_request, ' +
        'SignedHeaders=content-type;host, ' +
        'Signature=2230eefd229f582d8b1b891af7107b91597240707d778ab3738f756258d7652c',
    );
  });

  it('gives the documented signature for the EXAMPLE key of the English page', () => {
    expect(sign('AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE', 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE')).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, ' +
        'SignedHeaders=content-type;host, ' +
        'Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    );
  });
});
