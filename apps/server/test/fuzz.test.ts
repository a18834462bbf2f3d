import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ledgerHealth } from '../src/modules/ledger/ledger-health';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

/**
 * Any input gets a clear answer: every route of the OpenAPI document, fed hostile values in each
 * of its parameters, answers with the {code, msg} envelope, never a 5xx, never a stack or SQL
 * text, and the ledger is untouched. A new route is covered as soon as it is in the document.
 */
const ctx = await createTestContext();
const { app } = ctx;
const db = ctx.database.db;
const agentToken = await loginAs(app, DEMO_ACCOUNTS.grandchild.mobile);
const opToken = await loginAs(app, DEMO_ACCOUNTS.operator.mobile, DEMO_ACCOUNTS.operator.password);

// Values that broke the envelope before, and their relatives.
const HOSTILE: unknown[] = [
  'a\u0000b',
  '\u0000',
  'x'.repeat(5000),
  "' OR 1=1 --",
  '🙂\uFFFF\uD800',
  -1,
  1e20,
  1.5,
  true,
  null,
  { nested: 'a\u0000' },
  [],
];
// Calls that end the session or move the caller's own credentials would stop the run.
const SKIP = /logout|password|payPwd\/set|\/admin\/app\/version/i;
// Calls answered in an outside party's own protocol (WeChat Pay's {code, message}), not the
// envelope: held to no 5xx and no internals only.
const OWN_WORDS = /\/api\/pay\/wechat\/notify /;
const LEAK = /SELECT |INSERT |UPDATE .* SET|\bat .+\.(ts|js):\d+|postgres|PGlite|stack/i;

interface Op {
  parameters?: { name: string; in: 'query' | 'path' | 'header'; schema?: { type?: string } }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

/** Percent-encodes, sending the raw bytes of a lone surrogate as a client might. */
const encode = (v: string) => {
  try {
    return encodeURIComponent(v);
  } catch {
    return '%ED%A0%80';
  }
};

function* requests() {
  const doc = app.swagger() as { paths: Record<string, Record<string, Op>> };
  for (const [route, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (SKIP.test(route)) continue;
      const params = (op.parameters ?? []).filter((p) => p.in === 'query' || p.in === 'path');
      const bodyProps = Object.keys(
        op.requestBody?.content?.['application/json']?.schema?.properties ?? {},
      );
      const fields = [
        ...params.map((p) => ({ where: p.in, name: p.name })),
        ...bodyProps.map((name) => ({ where: 'body' as const, name })),
      ];
      if (fields.length === 0) fields.push({ where: 'query', name: 'x' });
      for (const field of fields) {
        for (const value of HOSTILE) {
          let url = route.replace(/\{(\w+)\}/g, (_, n: string) =>
            n === field.name ? encode(String(value)) : '1',
          );
          const query = new URLSearchParams();
          for (const p of params.filter((q) => q.in === 'query'))
            query.set(p.name, p.name === field.name ? String(value) : '1');
          if (field.where === 'query' && !params.some((p) => p.name === field.name))
            query.set(field.name, String(value));
          if ([...query].length) url += `?${query}`;
          const body =
            method === 'get' || method === 'delete'
              ? undefined
              : Object.fromEntries(bodyProps.map((n) => [n, n === field.name ? value : 'a']));
          yield {
            method: method.toUpperCase(),
            url,
            body,
            label: `${method} ${route} ${field.name}`,
          };
        }
      }
    }
  }
}

describe('any input, a clear answer', () => {
  it('every route answers hostile values with the envelope, no 5xx, no internals, nothing posted', async () => {
    const before = await ledgerHealth(db);
    let count = 0;
    const broken: string[] = [];
    for (const r of requests()) {
      for (const token of [agentToken, opToken]) {
        const res = await app.inject({
          method: r.method as 'GET',
          url: r.url,
          headers: bearer(token),
          ...(r.body ? { payload: r.body as object } : {}),
        });
        count++;
        const type = String(res.headers['content-type'] ?? '');
        if (!type.includes('json')) continue; // files (images, zips) answer with their bytes
        const body = res.json() as { code?: unknown; msg?: unknown };
        if (OWN_WORDS.test(r.label)) {
          if (res.statusCode >= 500 || LEAK.test(res.body))
            broken.push(`${r.label} = ${res.statusCode} ${res.body.slice(0, 160)}`);
          continue;
        }
        if (
          res.statusCode >= 500 ||
          typeof body.code !== 'number' ||
          typeof body.msg !== 'string' ||
          LEAK.test(res.body)
        )
          broken.push(`${r.label} = ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(broken).toEqual([]);
    expect(count).toBeGreaterThan(1000);
    expect(await ledgerHealth(db)).toEqual(before);
    console.log(`fuzz: ${count} requests`);
  }, 240_000);

  it('a NUL character names its field and changes nothing', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/prod-api/api/ag/terminal/list?keyword=a%00b',
      headers: bearer(agentToken),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, field: 'keyword' });
    expect(res.json().msg).toContain('不能包含控制字符');
  });

  it('a body over the limit answers 413 in the envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/prod-api/login/app',
      headers: { 'content-type': 'application/json' },
      payload: `{"username":"${'1'.repeat(13 * 1024 * 1024)}"}`,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 413, msg: '请求内容过大' });
  });

  it('an over-long address or header answers 414 or 431 in the envelope', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(request));
        let data = '';
        socket.on('data', (d) => (data += d.toString()));
        socket.on('close', () => resolve(data));
        socket.on('error', (e) => (data ? resolve(data) : reject(e)));
      });
    const longPath = await raw(`GET /prod-api/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(longPath).toMatch(/^HTTP\/1.1 414/);
    expect(JSON.parse(longPath.split('\r\n\r\n')[1]!)).toMatchObject({
      code: 414,
      msg: '请求地址过长',
    });
    const longHeader = await raw(
      `GET /prod-api/captchaImage HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
    );
    expect(longHeader).toMatch(/^HTTP\/1.1 431/);
    expect(JSON.parse(longHeader.split('\r\n\r\n')[1]!)).toMatchObject({
      code: 431,
      msg: '请求头过大',
    });
  });
});
