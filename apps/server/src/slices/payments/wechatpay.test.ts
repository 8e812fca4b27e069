// WeChat Pay API v3's signer, verifier and decrypter against published vectors:
// - the signing-string worked example of the provider's documentation ("签名生成" / Signature
//   Generation, pay.weixin.qq.com wechatpay4_0): GET /v3/certificates at 1554208460 with nonce
//   593BEC0C930BF1AFEB40B4A08C8FB242 and the Authorization header's shape;
// - the test vectors of the provider's official Go SDK (github.com/wechatpay-apiv3/wechatpay-go:
//   core/auth/signers/sha256withrsa_signer_test.go, core/auth/verifiers/sha256withrsa_verifier_test.go,
//   core/notify/notify_test.go, utils/aes_test.go): a test merchant key with the signature it gives
//   "source", the platform certificates that verify it, a whole signed notification with its
//   encrypted resource, and an AES-GCM sample. Those SDK vectors use a 16-byte APIv3 key (AES-128
//   under the same GCM construction); production keys are 32 bytes, checked by the last test, whose
//   vector is derived independently with Node's crypto.
import { createCipheriv, createPrivateKey, createPublicKey, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  authorization,
  decryptResource,
  requestMessage,
  rsaSign,
  rsaVerify,
  signatureProblem,
  signedHeaders,
} from './wechatpay.js';

// wechatpay-go signers test: its key is labelled "TESTING KEY" there so scanners do not flag it.
const SDK_MERCHANT_KEY = `-----BEGIN PRIVATE KEY-----
MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQDZUJN33V+dSfvd
fL0Mu+39XrZNXFFMQSy1V15FpncHeV47SmV0TzTqZc7hHB0ddqAdDi8Z5k3TKqb7
6sOwYr5TcAfuR6PIPaleyE0/0KrljBum2Isa2Nyq7Dgc3ElBQ6YN4l/a+DpvKaz1
FSKmKrhLNskqokWVSlu4g8OlKlbPXQ9ibII14MZRQrrkTmHYHzfi7GXXM0thAKuR
0HNvyhTHBh4/lrYM3GaMvmWwkwvsMavnOex6+eioZHBOb1/EIZ/LzC6zuHArPpyW
3daGaZ1rtQB1vVzTyERAVVFsXXgBHvfFud3w3ShsJYk8JvMwK2RpJ5/gV0QSARcm
LDRUAlPzAgMBAAECggEBAMc7rDeUaXiWv6bMGbZ3BTXpg1FhdddnWUnYE8HfX/km
OFI7XtBHXcgYFpcjYz4D5787pcsk7ezPidAj58zqenuclmjKnUmT3pfbI5eCA2v4
C9HnbYDrmUPK1ZcADtka4D6ScDccpNYNa1g2TFHzkIrEa6H+q7S3O2fqxY/DRVtN
0JIXalBb8daaqL5QVzSmM2BMVnHy+YITJWIkP2a3pKs9C0W65JGDsnG0wVrHinHF
+cnhFZIbaPEI//DAFMc9NkrWOKVRTEgcCUxCFaHOZVNxDWZD7A2ZfJB2rK6eg//y
gEiFDR2h6mTaDowMB4YF2n2dsIO4/dCG8vPHI20jn4ECgYEA/ZGu6lEMlO0XZnam
AZGtiNgLcCfM/C2ZERZE7QTRPZH1WdK92Al9ndldsswFw4baJrJLCmghjF/iG4zi
hhBvLnOLksnZUfjdumxoHDWXo2QBWbI5QsWIE7AuTiWgWj1I7X4fCXSQf6i+M/y2
6TogQ7d0ANpZFyOkTNMn/tiJvLECgYEA22XqlamG/yfAGWery5KNH2DGlTIyd6xJ
WtJ9j3jU99lZ0bCQ5xhiBbU9ImxCi3zgTsoqLWgA/p00HhNFNoUcTl9ofc0G3zwT
D1y0ZzcnVKxGJdZ6ohW52V0hJStAigtjYAsUgjm7//FH7PiQDBDP1Wa6xSRkDQU/
aSbQxvEE8+MCgYEA3bb8krW7opyM0XL9RHH0oqsFlVO30Oit5lrqebS0oHl3Zsr2
ZGgoBlWBsEzk3UqUhTFwm/DhJLTSJ/TQPRkxnhQ5/mewNhS9C7yua7wQkzVmWN+V
YeUGTvDGDF6qDz12/vJAgSwDDRym8x4NcXD5tTw7mmNRcwIfL22SkysThIECgYAV
BgccoEoXWS/HP2/u6fQr9ZIR6eV8Ij5FPbZacTG3LlS1Cz5XZra95UgebFFUHHtC
EY1JHJY7z8SWvTH8r3Su7eWNaIAoFBGffzqqSVazfm6aYZsOvRY6BfqPHT3p/H1h
Tq6AbBffxrcltgvXnCTORjHPglU0CjSxVs7awW3AEQKBgB5WtaC8VLROM7rkfVIq
+RXqE5vtJfa3e3N7W3RqxKp4zHFAPfr82FK5CX2bppEaxY7SEZVvVInKDc5gKdG/
jWNRBmvvftZhY59PILHO2X5vO4FXh7suEjy6VIh0gsnK36mmRboYIBGsNuDHjXLe
BDa+8mDLkWu5nHEhOxy2JJZl
-----END PRIVATE KEY-----`;

/** The signature the SDK's signer test expects for "source" under that key. */
const SDK_SIGNATURE_OF_SOURCE =
  'BKyAfU4iMCuvXMXS0Wzam3V/cnxZ+JaqigPM5OhljS2iOT95OO6Fsuml2JkFANJU9K6q9bLlDhPXuoVz+pp4hAm6' +
  'pHU4ld815U4jsKu1RkyaII+1CYBUYC8TK0XtJ8FwUXXz8vZHh58rrAVN1XwNyvD1vfpxrMT4SL536GLwvpUHlCqIMzoZUguLli/K8V29QiOh' +
  'uH6IEqLNJn8e9b3nwNcQ7be3CzYGpDAKBfDGPCqCv8Rw5zndhlffk2FEA70G4hvMwe51qMN/RAJbknXG23bSlObuTCN7Ndj1aJGH6/L+hdwf' +
  'LpUtJm4QYVazzW7DFD27EpSQEqA8bX9+8m1rLg==';

/** The SDK verifier test's platform certificate (serial F5765756002FDD77). */
const SDK_PLATFORM_CERT = `-----BEGIN CERTIFICATE-----
MIIDVzCCAj+gAwIBAgIJAPV2V1YAL913MA0GCSqGSIb3DQEBCwUAMEIxCzAJBgNV
BAYTAlhYMRUwEwYDVQQHDAxEZWZhdWx0IENpdHkxHDAaBgNVBAoME0RlZmF1bHQg
Q29tcGFueSBMdGQwHhcNMjEwNDI3MDg0MDMyWhcNMzEwNDI1MDg0MDMyWjBCMQsw
CQYDVQQGEwJYWDEVMBMGA1UEBwwMRGVmYXVsdCBDaXR5MRwwGgYDVQQKDBNEZWZh
dWx0IENvbXBhbnkgTHRkMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA
2VCTd91fnUn73Xy9DLvt/V62TVxRTEEstVdeRaZ3B3leO0pldE806mXO4RwdHXag
HQ4vGeZN0yqm++rDsGK+U3AH7kejyD2pXshNP9Cq5YwbptiLGtjcquw4HNxJQUOm
DeJf2vg6byms9RUipiq4SzbJKqJFlUpbuIPDpSpWz10PYmyCNeDGUUK65E5h2B83
4uxl1zNLYQCrkdBzb8oUxwYeP5a2DNxmjL5lsJML7DGr5znsevnoqGRwTm9fxCGf
y8wus7hwKz6clt3Whmmda7UAdb1c08hEQFVRbF14AR73xbnd8N0obCWJPCbzMCtk
aSef4FdEEgEXJiw0VAJT8wIDAQABo1AwTjAdBgNVHQ4EFgQUT1c7nd/SUO76HSoZ
umNUJv1R5PwwHwYDVR0jBBgwFoAUT1c7nd/SUO76HSoZumNUJv1R5PwwDAYDVR0T
BAUwAwEB/zANBgkqhkiG9w0BAQsFAAOCAQEAM+tslqBxYwqL9fdvGG6hfy69sjfX
UhBtBLWYugKKQCOWWLeq5dDWm3i5Cx2Rgiy9uc7RfmJNxQfIKlcoCNP85BjDoG1B
YnVc6znlcrT9uHgseha3987WwZsFAQbcy8TLUYHzVB8gmDgq8O08xdIe0eczatI8
t3Rg8WXO6Gs66JJ4JR+rD01o3FiSOQCRWhn19NSyDydsgPlOR2t9B9L+MkJwlsMG
Krn85TnwL3qcInzRnU8X86faXXJrI0IJi44tECKw8ftngCl6vyNwNNKPDwdkcuuV
8y3iBixO5IuKxEKEp2wGPV/4W1AXO73Z3Gb7z/1oxdgeO0hVqz1hBasTCQ==
-----END CERTIFICATE-----`;

/** The SDK notify test's platform certificate (serial D7CE59D1F522D701) and its notification. */
const NOTIFY_CERT = `-----BEGIN CERTIFICATE-----
MIIDVzCCAj+gAwIBAgIJANfOWdH1ItcBMA0GCSqGSIb3DQEBCwUAMEIxCzAJBgNV
BAYTAlhYMRUwEwYDVQQHDAxEZWZhdWx0IENpdHkxHDAaBgNVBAoME0RlZmF1bHQg
Q29tcGFueSBMdGQwHhcNMjEwNDI3MDg1NTIzWhcNMzEwNDI1MDg1NTIzWjBCMQsw
CQYDVQQGEwJYWDEVMBMGA1UEBwwMRGVmYXVsdCBDaXR5MRwwGgYDVQQKDBNEZWZh
dWx0IENvbXBhbnkgTHRkMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA
2VCTd91fnUn73Xy9DLvt/V62TVxRTEEstVdeRaZ3B3leO0pldE806mXO4RwdHXag
HQ4vGeZN0yqm++rDsGK+U3AH7kejyD2pXshNP9Cq5YwbptiLGtjcquw4HNxJQUOm
DeJf2vg6byms9RUipiq4SzbJKqJFlUpbuIPDpSpWz10PYmyCNeDGUUK65E5h2B83
4uxl1zNLYQCrkdBzb8oUxwYeP5a2DNxmjL5lsJML7DGr5znsevnoqGRwTm9fxCGf
y8wus7hwKz6clt3Whmmda7UAdb1c08hEQFVRbF14AR73xbnd8N0obCWJPCbzMCtk
aSef4FdEEgEXJiw0VAJT8wIDAQABo1AwTjAdBgNVHQ4EFgQUT1c7nd/SUO76HSoZ
umNUJv1R5PwwHwYDVR0jBBgwFoAUT1c7nd/SUO76HSoZumNUJv1R5PwwDAYDVR0T
BAUwAwEB/zANBgkqhkiG9w0BAQsFAAOCAQEAfTjxKRQMzNB/U6ZoCUS+BSNfa2Oh
0plMN6ZuzwiVVZwg1jywvv5yv04koS7Pd4i9E4gt9ZBUQXlpq+A3oOCEEHNRR6b2
kyazGRM7s0OP5X21WrbpSmKmU6K7hkfx30yYs08LVs/Q8DIhvaj1FCFeJzUCzYn/
fHMq4tsbKO0dKAeydPM/nrUZBmaYQVKMVOORGLFjFKVO7JV6Kq/R86ouhjEPgJOe
2xulNBUcjicqtZlBdEh/PWCYP2SpGVDclKm8jeo175T3EVAkdKzzmfpxtMmnMlmq
cTJOU9TxuGvNASMtjj7pYIerTx+xgZDXEVBWFW9PjJ0TV06tCRsgSHItgg==
-----END CERTIFICATE-----`;
const NOTIFY_HEADERS: Record<string, string> = {
  'wechatpay-nonce': 'EcZ9Cmy4Xyx1i6RlJQzLcCyEqDa26NBz',
  'wechatpay-timestamp': '1624523846',
  'wechatpay-serial': 'D7CE59D1F522D701',
  'wechatpay-signature':
    'tJHIiIS9eB2hAYstmAmbbD3ZE5LiIm/Ug5tuL4fC0YOFRWIHV39UFIZXC0e9Wl6lBu6sKvkqDkzpqzBsVHyXF' +
    'lbYZTOQrVdG4b6LfTnK4mikv9++ixJMd3vTf2yCqvBkh98zs3Ds5zsYQakzbcwhmw4fMJs4nPLws28H0UW9FjDR//rxELLwXvV1VEA1I' +
    'BLX70xptjL8hrfUjEE8kkry6yNJTHZRU8CAc7qHli2Ng1V1qb9ARbK8A3ThmFmPQvRGrapI/jS2laKKgYUmfdEdkNO6B2Cke5e8VTxY4' +
    '06ArAmQ90GAihDwIcb16TQMnzCMBoutnwZKNiKRACrFmtxw2Q==',
};
const NOTIFY_CIPHERTEXT =
  'YDS3lKPaC4Y52Gf3uhft5qUBlIa8b428AWTtTauHQfQrRw+X1WpiuHIDy0vo1Vd6VEq67aVyqPdDYMkRVSDaZL3iZt' +
  'tevRMOoPKMifozg6XPWjIZumks/GpT48lI4NizyeaqLBokNebthah3o1H76qSlO9NkDjp9bzmKLEYYH9TEklFUpsvPqOTOcgSLgh21YJXYR' +
  '7dEBXFgRLiNIKRgO5JdXh1hccRUAlyVWxE54PXpnQ==';
const NOTIFY_BODY =
  '{"id":"3119dfba-e649-5eec-ab1e-3412bc4d2e17","create_time":"2021-06-24T16:37:26+08:00",' +
  '"resource_type":"encrypt-resource","event_type":"PAYSCORE.USER_OPEN_SERVICE","summary":"签约成功",' +
  `"resource":{"original_type":"payscore","algorithm":"AEAD_AES_256_GCM","ciphertext":"${NOTIFY_CIPHERTEXT}",` +
  '"associated_data":"payscore","nonce":"Kj7QIyUiYx1q"}}';
const NOTIFY_PLAINTEXT =
  '{"mchid":"1234567890","appid":"054aa7d7a2a54ab5898df65bd96f001c",' +
  '"create_time":"2020-06-30T12:12:00+08:00","out_contract_code":"21640bdbd08e473e828f3206a2741c6e"}';

const merchantKey = createPrivateKey(SDK_MERCHANT_KEY);
const notifyPlatform = { platformSerial: 'D7CE59D1F522D701', platformKey: createPublicKey(NOTIFY_CERT) };
const at = (seconds: number) => new Date(seconds * 1000);

describe('WeChat Pay v3 signer (documentation example, official SDK vectors)', () => {
  it('builds the documentation’s signing string: five lines, each ending in \\n, the empty GET body too', () => {
    expect(
      requestMessage({
        method: 'GET',
        pathAndQuery: '/v3/certificates',
        timestamp: 1554208460,
        nonce: '593BEC0C930BF1AFEB40B4A08C8FB242',
        body: '',
      }),
    ).toBe('GET\n/v3/certificates\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n');
  });

  it('signs "source" with the SDK’s test merchant key to exactly the SDK’s expected signature', () => {
    expect(rsaSign(merchantKey, 'source')).toBe(SDK_SIGNATURE_OF_SOURCE);
  });

  it('writes the Authorization header in the documented form, its signature over the signing string', () => {
    const o = {
      method: 'GET',
      pathAndQuery: '/v3/certificates',
      body: '',
      timestamp: 1554208460,
      nonce: '593BEC0C930BF1AFEB40B4A08C8FB242',
    };
    const h = authorization(
      { mchId: '1900009191', merchantSerialNo: '1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C', merchantKey },
      o,
    );
    const m =
      /^WECHATPAY2-SHA256-RSA2048 mchid="1900009191",nonce_str="593BEC0C930BF1AFEB40B4A08C8FB242",signature="([A-Za-z0-9+/=]+)",timestamp="1554208460",serial_no="1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C"$/.exec(
        h,
      );
    expect(m).not.toBeNull();
    // The SDK's platform certificate holds the public half of its test merchant key.
    expect(rsaVerify(createPublicKey(SDK_PLATFORM_CERT), requestMessage(o), m?.[1] ?? '')).toBe(true);
  });
});

describe('WeChat Pay v3 verifier (official SDK vectors)', () => {
  it('verifies the SDK’s signature of "source" with its platform certificate, and refuses "wrong source"', () => {
    const key = createPublicKey(SDK_PLATFORM_CERT);
    expect(rsaVerify(key, 'source', SDK_SIGNATURE_OF_SOURCE)).toBe(true);
    expect(rsaVerify(key, 'wrong source', SDK_SIGNATURE_OF_SOURCE)).toBe(false);
  });

  it('accepts the SDK’s signed notification over "timestamp\\nnonce\\nbody\\n" at its own time', () => {
    const h = signedHeaders((n) => NOTIFY_HEADERS[n]);
    expect(signatureProblem(notifyPlatform, h, NOTIFY_BODY, at(1624523846))).toBeNull();
  });

  it('refuses that notification altered, from another serial, or replayed outside five minutes', () => {
    const h = signedHeaders((n) => NOTIFY_HEADERS[n]);
    expect(
      signatureProblem(notifyPlatform, h, NOTIFY_BODY.replace('签约成功', '签约失败'), at(1624523846)),
    ).toBe('Wechatpay-Signature does not verify');
    expect(
      signatureProblem(
        { ...notifyPlatform, platformSerial: 'F5765756002FDD77' },
        h,
        NOTIFY_BODY,
        at(1624523846),
      ),
    ).toBe('unknown Wechatpay-Serial D7CE59D1F522D701');
    expect(signatureProblem(notifyPlatform, h, NOTIFY_BODY, at(1624523846 + 301))).toBe(
      'Wechatpay-Timestamp outside the allowed window',
    );
  });
});

describe('WeChat Pay v3 decrypter (AEAD_AES_256_GCM)', () => {
  it('decrypts the SDK notification’s resource with its APIv3 key to the SDK’s plaintext', () => {
    const resource = (JSON.parse(NOTIFY_BODY) as { resource: Record<string, string> }).resource;
    const r = {
      algorithm: resource.algorithm ?? '',
      ciphertext: resource.ciphertext ?? '',
      nonce: resource.nonce ?? '',
      associated_data: resource.associated_data ?? '',
    };
    expect(decryptResource(Buffer.from('testMchAPIv3Key0', 'utf8'), r)).toBe(NOTIFY_PLAINTEXT);
    expect(decryptResource(Buffer.from('testMchAPIv3Key1', 'utf8'), r)).toBeNull();
    expect(
      decryptResource(Buffer.from('testMchAPIv3Key0', 'utf8'), { ...r, associated_data: 'x' }),
    ).toBeNull();
  });

  it('decrypts the SDK’s AES sample ("Hello World") and refuses a wrong key', () => {
    const r = {
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: 'FsdXzxryWfKwvLJKf8LG/ToRPTRh8RN9wROC',
      nonce: 'wCq51qZv4Yfg',
      associated_data: 'Dl56FrqWQJF1t9LtC3vEUsniZKvbqdR8',
    };
    expect(decryptResource(Buffer.from('testAPIv3Key0000', 'utf8'), r)).toBe('Hello World');
    expect(decryptResource(Buffer.from('testAPIv3Key1111', 'utf8'), r)).toBeNull();
  });

  it('derived independently with Node crypto: a 32-byte APIv3 key (AES-256) round-trips, tampering fails', () => {
    const key = Buffer.from(randomBytes(16).toString('hex'), 'utf8');
    const nonce = 'a1b2c3d4e5f6';
    const cipher = createCipheriv('aes-256-gcm', key, Buffer.from(nonce, 'utf8'));
    cipher.setAAD(Buffer.from('transaction', 'utf8'));
    const sealed = Buffer.concat([
      cipher.update('{"trade_state":"SUCCESS"}', 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    const r = {
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: sealed.toString('base64'),
      nonce,
      associated_data: 'transaction',
    };
    expect(decryptResource(key, r)).toBe('{"trade_state":"SUCCESS"}');
    const flipped = Buffer.from(sealed);
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(decryptResource(key, { ...r, ciphertext: flipped.toString('base64') })).toBeNull();
    expect(decryptResource(key, { ...r, algorithm: 'AEAD_SM4_GCM' })).toBeNull();
  });
});
