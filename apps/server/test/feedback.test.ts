// Feedback with attachments, the upload checks, and the S3 adapter against a fake S3 peer on loopback.
import { createHash, createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@bo/api-sdk';
import { presignUrl } from '../src/shared/storageS3.js';
import { startTestServer, expectApiError, type TestServer } from './harness.js';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('fake image body'),
]);
const png = () => new Blob([new Uint8Array(PNG)], { type: 'image/png' });

let dir: string;
let t: TestServer;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'bo-uploads-'));
  t = await startTestServer({ env: { UPLOAD_DIR: dir, LOGIN_FAILURE_DELAY_MS: '0' } });
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('feedback', () => {
  it('takes feedback with an attachment; the handler lists it, reads it, downloads the file and replies', async () => {
    const sales = await t.as('sales');
    const file = await sales.feedback.upload({ file: png(), filename: 'screen.png' });
    expect(file).toMatchObject({ name: 'screen.png', size: PNG.length, url: `/api/sts/file/${file.id}` });
    const { code } = await sales.feedback.create({
      body: { content: '  学员列表打不开  ', filelist: [file.id], sourcecode: 3 },
    });
    expect(code).toMatch(/^FB\d{6}$/);

    const admin = await t.as('admin');
    const page = await admin.feedback.list({ query: { status: 'open' } });
    expect(page.list[0]).toMatchObject({
      code,
      content: '学员列表打不开',
      fileCount: 1,
      createdBy: 'sales',
      status: 'open',
      sourcecode: 3,
    });
    const detail = await admin.feedback.detail({ query: { code } });
    expect(detail.files).toEqual([file]);
    const blob = await admin.feedback.file({ params: { id: file.id } });
    expect(Buffer.from(await blob.arrayBuffer()).equals(PNG)).toBe(true);

    await admin.feedback.update({
      body: { code, status: 'handled', reply: '已修复', version: detail.version },
    });
    await expectApiError(
      admin.feedback.update({ body: { code, status: 'handled', reply: 'again', version: detail.version } }),
      ErrorCode.conflict,
    );
    const mine = await sales.feedback.detail({ query: { code } });
    expect(mine).toMatchObject({ status: 'handled', reply: '已修复', handledByName: '系统管理员' });
    expect((await admin.feedback.list({ query: { status: 'open' } })).list.map((r) => r.code)).not.toContain(
      code,
    );
  });

  it("refuses empty content with the spec's message naming the field", async () => {
    const sales = await t.as('sales');
    for (const content of ['', '   ']) {
      const e = await expectApiError(sales.feedback.create({ body: { content } }), ErrorCode.validation);
      expect(e.field).toBe('body.content');
      expect(e.message).toContain('please fill in the problem and opinion first');
      expect(e.message).toContain('请先填写问题和意见');
    }
  });

  it('refuses more than 3000 characters and more than 9 files', async () => {
    const sales = await t.as('sales');
    expect(
      (
        await expectApiError(
          sales.feedback.create({ body: { content: 'x'.repeat(3001) } }),
          ErrorCode.validation,
        )
      ).field,
    ).toBe('body.content');
    await sales.feedback.create({ body: { content: 'x'.repeat(3000) } });
    const ids = Array.from({ length: 10 }, (_, i) => i.toString(16).padStart(32, '0'));
    expect(
      (
        await expectApiError(
          sales.feedback.create({ body: { content: 'x', filelist: ids } }),
          ErrorCode.validation,
        )
      ).field,
    ).toBe('body.filelist');
  });

  it("refuses someone else's file as an attachment, and its download to other users", async () => {
    const sales = await t.as('sales');
    const file = await sales.feedback.upload({ file: png(), filename: 'a.png' });
    const teacher = await t.as('teacher');
    expect(
      (
        await expectApiError(
          teacher.feedback.create({ body: { content: 'x', filelist: [file.id] } }),
          ErrorCode.validation,
        )
      ).field,
    ).toBe('body.filelist');
    await expectApiError(teacher.feedback.file({ params: { id: file.id } }), ErrorCode.noPermission);
    const { code } = await sales.feedback.create({ body: { content: 'mine' } });
    await expectApiError(teacher.feedback.detail({ query: { code } }), ErrorCode.noPermission);
  });

  it('a one-time upload token from /sts/security fills the announced file once', async () => {
    const sales = await t.as('sales');
    const cred = await sales.feedback.uploadCredentials({ body: { code: 8, filename: 'b.png' } });
    expect(cred).toMatchObject({
      provider: 'local',
      method: 'POST',
      url: '/api/sts/upload',
      maxBytes: 20 * 1024 * 1024,
    });
    const token = cred.fields.uploadToken ?? '';
    const stored = await sales.feedback.upload({
      file: png(),
      filename: 'b.png',
      fields: { uploadToken: token },
    });
    expect(stored.id).toBe(cred.fileId);
    const again = await expectApiError(
      sales.feedback.upload({ file: png(), filename: 'b.png', fields: { uploadToken: token } }),
      ErrorCode.validation,
    );
    expect(again.message).toContain('upload token');
    const late = await sales.feedback.uploadCredentials({ body: { code: 8 } });
    t.clock.advance(16 * 60_000);
    await expectApiError(
      sales.feedback.upload({
        file: png(),
        filename: 'c.png',
        fields: { uploadToken: late.fields.uploadToken ?? '' },
      }),
      ErrorCode.validation,
    );
  });
});

describe('upload checks', () => {
  it('refuses a type outside jpg, jpeg, png, gif, bmp, mp4, and content that is not what its name says', async () => {
    const sales = await t.as('sales');
    const exe = await expectApiError(
      sales.feedback.upload({ file: new Blob(['MZ...']), filename: 'tool.exe' }),
      ErrorCode.validation,
    );
    expect(exe.message).toContain('only jpg, jpeg, png, gif, bmp, mp4');
    const fake = await expectApiError(
      sales.feedback.upload({ file: new Blob(['<script>alert(1)</script>']), filename: 'x.png' }),
      ErrorCode.validation,
    );
    expect(fake.message).toContain('not a png file');
    const gif = await sales.feedback.upload({ file: new Blob(['GIF89a....']), filename: 'anim.GIF' });
    expect(gif.name).toBe('anim.GIF');
  });

  it('refuses a file above 20 MB', async () => {
    const sales = await t.as('sales');
    const big = new Uint8Array(20 * 1024 * 1024 + 1);
    big.set(PNG);
    const e = await expectApiError(
      sales.feedback.upload({ file: new Blob([big]), filename: 'big.png' }),
      ErrorCode.validation,
    );
    expect(e.message).toContain('20MB');
  });
});

// ---------------- S3 ----------------

/** Verifies a SigV4 presigned request the way S3 does (its own code, not the adapter's). */
function verifyPresigned(
  method: string,
  rawUrl: string,
  host: string,
  secret: string,
  region: string,
): string | null {
  const u = new URL(rawUrl, `http://${host}`);
  const q = u.searchParams;
  for (const k of [
    'X-Amz-Algorithm',
    'X-Amz-Credential',
    'X-Amz-Date',
    'X-Amz-Expires',
    'X-Amz-SignedHeaders',
    'X-Amz-Signature',
  ])
    if (!q.get(k)) return `missing ${k}`;
  if (q.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') return 'bad algorithm';
  const enc = (s: string) =>
    encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const pairs = [...q.entries()]
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .sort();
  const date = q.get('X-Amz-Date') ?? '';
  const [, day, reg, service] = (q.get('X-Amz-Credential') ?? '').split('/');
  if (reg !== region || service !== 's3') return 'bad credential scope';
  const canonical = [method, u.pathname, pairs.join('&'), `host:${host}\n`, 'host', 'UNSIGNED-PAYLOAD'].join(
    '\n',
  );
  const sts = [
    'AWS4-HMAC-SHA256',
    date,
    `${day}/${reg}/s3/aws4_request`,
    createHash('sha256').update(canonical).digest('hex'),
  ].join('\n');
  let k = createHmac('sha256', `AWS4${secret}`)
    .update(day ?? '')
    .digest();
  for (const part of [reg ?? '', 's3', 'aws4_request']) k = createHmac('sha256', k).update(part).digest();
  return createHmac('sha256', k).update(sts).digest('hex') === q.get('X-Amz-Signature')
    ? null
    : 'signature mismatch';
}

describe('S3 storage', () => {
  it('signs like AWS does (the published presigned-URL example)', () => {
    const url = presignUrl({
      method: 'GET',
      origin: 'https://examplebucket.s3.amazonaws.com',
      path: '/test.txt',
      accessKey: 'AKIAIOSFODNN7EXAMPLE',
      secretKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      region: 'us-east-1',
      now: new Date('2013-05-24T00:00:00Z'),
      expiresSeconds: 86400,
    });
    expect(new URL(url).searchParams.get('X-Amz-Signature')).toBe(
      'aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });

  let peer: Server;
  let s3: TestServer;
  const objects = new Map<string, Buffer>();
  const refusals: string[] = [];
  beforeAll(async () => {
    peer = createServer((req, res) => {
      void (async () => {
        const host = String(req.headers.host);
        const problem = verifyPresigned(req.method ?? '', req.url ?? '/', host, 's3-secret', 'cn-east-1');
        const key = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
        if (problem) {
          refusals.push(problem);
          res
            .writeHead(403)
            .end(`<Error><Code>SignatureDoesNotMatch</Code><Message>${problem}</Message></Error>`);
          return;
        }
        if (req.method === 'PUT') {
          const chunks: Buffer[] = [];
          for await (const c of req) chunks.push(c as Buffer);
          objects.set(key, Buffer.concat(chunks));
          res.writeHead(200).end();
          return;
        }
        const obj = objects.get(key);
        if (!obj) res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
        else res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(obj);
      })();
    });
    await new Promise<void>((r) => peer.listen(0, '127.0.0.1', r));
    const port = (peer.address() as AddressInfo).port;
    s3 = await startTestServer({
      env: {
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_BUCKET: 'bo-files',
        S3_ACCESS_KEY: 's3-key',
        S3_SECRET_KEY: 's3-secret',
        S3_REGION: 'cn-east-1',
        LOGIN_FAILURE_DELAY_MS: '0',
      },
    });
  });
  afterAll(async () => {
    await s3?.close();
    await new Promise((r) => peer?.close(r));
  });

  it('stores uploads in the bucket with signed requests and reads them back', async () => {
    const sales = await s3.as('sales');
    const file = await sales.feedback.upload({ file: png(), filename: 'shot.png' });
    const keys = [...objects.keys()];
    expect(keys.some((k) => k.startsWith('/bo-files/uploads/') && k.endsWith(`${file.id}.png`))).toBe(true);
    const blob = await sales.feedback.file({ params: { id: file.id } });
    expect(Buffer.from(await blob.arrayBuffer()).equals(PNG)).toBe(true);
    expect(refusals).toEqual([]);
  });

  it('a bucket refusing the signature is a clear 503 naming the storage', async () => {
    const port = (peer.address() as AddressInfo).port;
    const wrong = await startTestServer({
      env: {
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_BUCKET: 'bo-files',
        S3_ACCESS_KEY: 's3-key',
        S3_SECRET_KEY: 'not-the-secret',
        S3_REGION: 'cn-east-1',
      },
    });
    try {
      const e = await expectApiError(
        (await wrong.as('sales')).feedback.upload({ file: png(), filename: 'a.png' }),
        ErrorCode.notConfigured,
      );
      expect(e.message).toContain('object storage failed');
      expect(refusals.pop()).toBe('signature mismatch');
    } finally {
      await wrong.close();
    }
  }, 120_000);

  it('half an S3 configuration is a clear 503, not a silent local fallback', async () => {
    const half = await startTestServer({ env: { S3_ENDPOINT: 'http://127.0.0.1:9', S3_BUCKET: 'b' } });
    try {
      const e = await expectApiError(
        (await half.as('sales')).feedback.upload({ file: png(), filename: 'a.png' }),
        ErrorCode.notConfigured,
      );
      expect(e.message).toContain('S3_ACCESS_KEY');
    } finally {
      await half.close();
    }
  }, 120_000);

  it('hands out a presigned PUT URL the browser uploads to directly; the file can then be attached', async () => {
    const sales = await s3.as('sales');
    const cred = await sales.feedback.uploadCredentials({ body: { code: 8, filename: 'direct.png' } });
    expect(cred).toMatchObject({ provider: 's3', method: 'PUT' });
    expect(new URL(cred.url).searchParams.get('X-Amz-Credential')).toMatch(
      /^s3-key\/\d{8}\/cn-east-1\/s3\/aws4_request$/,
    );
    const put = await fetch(cred.url, { method: 'PUT', body: new Uint8Array(PNG) });
    expect(put.status).toBe(200);
    const tampered = await fetch(cred.url.replace('X-Amz-Expires=900', 'X-Amz-Expires=99999'), {
      method: 'PUT',
      body: new Uint8Array(PNG),
    });
    expect(tampered.status).toBe(403);
    const { code } = await sales.feedback.create({
      body: { content: 'direct upload', filelist: [cred.fileId] },
    });
    expect(code).toMatch(/^FB/);
  });
});
