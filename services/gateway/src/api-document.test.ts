import { declaredRoutes, SERVER_COMPUTED_NOTE } from '@yoman/contracts';
import { errorStatusesOf } from '@yoman/platform';
import { createTestClock, testConfig } from '@yoman/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, type Gateway } from './gateway';
import { signUp } from './identity/testing/identity-test-app';
import { TRADE_ACROSS_MIDNIGHT } from './test-support/trade-across-midnight';

// The API document the embedded gateway serves, checked against the contracts' route table: every operation's
// error answers are the ones its row implies, computed fields are marked, and a method a path does not serve
// answers 405, for every path of the table without a line per route.

interface Operation {
  operationId?: string;
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
  requestBody?: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } };
}
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: object } };

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const SERVER_COMPUTED = [
  'userId',
  'trustScore',
  'pnlUsd',
  'pnlIls',
  'rMultiple',
  'metadata',
  'hasScreenshot',
];

let gateway: Gateway;
let document: Document;

beforeAll(async () => {
  gateway = await buildGateway(testConfig({ environment: { FRONT_END_DIR: '/nonexistent' } }), {
    clock: createTestClock('2026-01-06T12:00:00Z'),
    background: false,
  });
  document = (await gateway.app.inject({ url: '/api/openapi.json' })).json();
}, 60_000);
afterAll(() => gateway.close());

const operationOf = (route: { method: string; path: string }) =>
  document.paths[route.path]?.[route.method.toLowerCase()];
/** The rows of the table the embedded gateway serves (rows whose routes are not built yet are left out). */
const servedRows = () => declaredRoutes.filter((route) => operationOf(route) !== undefined);

describe('the API document', () => {
  it('documents only calls of the route table, the journal’s and identity’s among them', () => {
    const rows = new Set(declaredRoutes.map((row) => `${row.method} ${row.path}`));
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    for (const operation of documented) expect(rows, operation).toContain(operation);
    expect(documented).toEqual(
      expect.arrayContaining(['POST /api/trades', 'POST /api/login', 'GET /api/user']),
    );
    expect(servedRows().length).toBe(documented.length);
  });

  it('declares exactly the error statuses each row implies, each with the error schema', () => {
    for (const row of servedRows()) {
      const responses = operationOf(row)?.responses ?? {};
      const errors = Object.keys(responses)
        .map(Number)
        .filter((status) => status >= 400);
      expect(errors, `${row.method} ${row.path}`).toEqual(errorStatusesOf(row));
      for (const status of errors) {
        expect(responses[status]?.content?.['application/json']?.schema).toEqual({
          $ref: '#/components/schemas/ErrorBody',
        });
      }
    }
    expect(document.components.schemas).toHaveProperty('ErrorBody.required', ['message', 'code']);
  });

  it('names every operation by its row’s id, and links a logged trade to its edit and delete', () => {
    for (const row of servedRows()) expect(operationOf(row)).toHaveProperty('operationId', row.id);
    const logged = operationOf({ method: 'POST', path: '/api/trades' })?.responses[201] as { links?: object };
    expect(logged.links).toEqual({
      editTrade: { operationId: 'editTrade', parameters: { id: '$response.body#/id' } },
      deleteTrade: { operationId: 'deleteTrade', parameters: { id: '$response.body#/id' } },
    });
  });

  it('tells by access who is refused: 401 signed out on session routes, 403 for mentors’ routes', () => {
    const statuses = (method: string, path: string) =>
      Object.keys(operationOf({ method, path })?.responses ?? {});
    expect(statuses('GET', '/api/trades')).toContain('401');
    expect(statuses('GET', '/api/trades')).not.toContain('403');
    expect(statuses('GET', '/api/uploads/files/{name}')).not.toContain('401');
    expect(statuses('POST', '/api/login')).toEqual(expect.arrayContaining(['401', '429']));
    expect(statuses('POST', '/api/trades')).toEqual(
      expect.arrayContaining(['400', '401', '403', '409', '413', '415', '422']),
    );
    expect(statuses('PUT', '/api/trades/{id}')).toContain('404');
  });

  it('marks the fields the client sends but the server computes as read-only, and still accepts them', async () => {
    for (const method of ['post', 'put']) {
      const path = method === 'post' ? '/api/trades' : '/api/trades/{id}';
      const body = document.paths[path]?.[method]?.requestBody?.content['application/json'].schema;
      for (const field of SERVER_COMPUTED) {
        expect(body?.properties[field], `${method} ${field}`).toMatchObject({
          readOnly: true,
          description: expect.stringContaining(SERVER_COMPUTED_NOTE),
        });
      }
      expect(body?.properties.symbol).not.toHaveProperty('readOnly');
    }
    const { cookie } = await signUp(gateway.app, 1);
    const log = (payload: object) =>
      gateway.app.inject({ method: 'POST', url: '/api/trades', payload, headers: { cookie } });
    const plain = await log(TRADE_ACROSS_MIDNIGHT);
    const claimed = {
      pnlUsd: 999999,
      pnlIls: '1',
      rMultiple: '42',
      trustScore: 0,
      userId: 'someone',
      metadata: {},
    };
    const withClaims = await log({ ...TRADE_ACROSS_MIDNIGHT, ...claimed, hasScreenshot: true });
    expect(withClaims.statusCode, withClaims.body).toBe(201);
    const figures = ['pnlUsd', 'pnlIls', 'rMultiple', 'trustScore', 'userId', 'hasScreenshot'];
    const pick = (trade: Record<string, unknown>) => figures.map((name) => trade[name]);
    expect(pick(withClaims.json())).toEqual(pick(plain.json()));
  });
});

/** A route path as a pattern of the URLs it serves: a parameter stands for any one segment. */
const patternOf = (path: string) => new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`);

describe('a method a path does not serve', () => {
  it('answers 405 with the methods it serves in Allow, in the app’s Hebrew error shape, on every path', async () => {
    const paths = new Set(servedRows().map((row) => row.path));
    let tried = 0;
    for (const path of paths) {
      const url = path.replace(/\{\w+\}/g, '0b6f3a52-7c1e-4d0a-9a8e-2f4b6c8d0e1f');
      // `/api/screenshots/upload-url` is also a `/api/screenshots/{id}`: every row the URL fits serves it.
      const served = servedRows()
        .filter((row) => patternOf(row.path).test(url))
        .map((row) => row.method);
      const allowed = [...new Set([...served, ...(served.includes('GET') ? ['HEAD'] : [])])]
        .sort()
        .join(', ');
      for (const method of METHODS.filter((candidate) => !served.includes(candidate))) {
        const answer = await gateway.app.inject({ method, url });
        expect(answer.statusCode, `${method} ${path}`).toBe(405);
        expect(answer.headers.allow, `${method} ${path}`).toBe(allowed);
        expect(answer.json()).toEqual({ message: 'הפעולה אינה נתמכת בנתיב זה', code: 'METHOD_NOT_ALLOWED' });
        tried += 1;
      }
    }
    expect(tried).toBeGreaterThan(40);
  });

  it('leaves 404 to paths nothing serves', async () => {
    const answer = await gateway.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(answer.statusCode).toBe(404);
    expect(answer.headers.allow).toBeUndefined();
    expect(answer.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
