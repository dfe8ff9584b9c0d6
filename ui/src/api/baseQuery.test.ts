import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessageOf, isYomanError, yomanBaseQuery } from './baseQuery';

const queryApi = { signal: new AbortController().signal } as BaseQueryApi;

function answer(body: string | null, init: ResponseInit & { contentType?: string } = {}) {
  const headers = init.contentType ? { 'Content-Type': init.contentType } : undefined;
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) => new Response(body, { ...init, headers }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('yomanBaseQuery requests', () => {
  it('send the session cookie and no body or content type on a GET', async () => {
    const fetchMock = answer('{"ok":true}', { status: 200, contentType: 'application/json' });
    const result = await yomanBaseQuery('/api/setups', queryApi, {});
    expect(result.data).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/setups');
    expect(init?.credentials).toBe('include');
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
    expect(init?.headers).toBeUndefined();
  });

  it('send a JSON body with its content type only when there is a payload', async () => {
    const fetchMock = answer('', { status: 200 });
    await yomanBaseQuery(
      { url: '/api/login', method: 'POST', body: { email: 'a@b.co', password: 'x' } },
      queryApi,
      {},
    );
    const [, withBody] = fetchMock.mock.calls[0]!;
    expect(withBody?.body).toBe('{"email":"a@b.co","password":"x"}');
    expect(withBody?.headers).toEqual({ 'Content-Type': 'application/json' });

    await yomanBaseQuery({ url: '/api/logout', method: 'POST' }, queryApi, {});
    const [, withoutBody] = fetchMock.mock.calls[1]!;
    expect(withoutBody?.body).toBeUndefined();
    expect(withoutBody?.headers).toBeUndefined();
    expect(withoutBody?.credentials).toBe('include');
  });

  it('send the headers a call names beside the content type, with or without a body', async () => {
    const fetchMock = answer('', { status: 200 });
    const headers = { 'idempotency-key': 'k'.repeat(32) };
    await yomanBaseQuery({ url: '/api/trades', method: 'POST', body: { a: 1 }, headers }, queryApi, {});
    await yomanBaseQuery({ url: '/api/trades', method: 'POST', headers }, queryApi, {});
    const [[, withBody], [, withoutBody]] = fetchMock.mock.calls as [unknown, RequestInit][];
    expect(withBody.headers).toEqual({ 'Content-Type': 'application/json', ...headers });
    expect(withoutBody.headers).toEqual(headers);
  });

  it('add query parameters, skipping empty ones', async () => {
    const fetchMock = answer('[]', { status: 200, contentType: 'application/json' });
    await yomanBaseQuery(
      { url: '/api/daily-aggregates', params: { year: 2026, month: 11, filter: undefined } },
      queryApi,
      {},
    );
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/daily-aggregates?year=2026&month=11');
  });

  it("give a successful answer's headers beside its data", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('[]', { status: 200, headers: { 'x-next-cursor': 'abc' } })),
    );
    const result = await yomanBaseQuery('/api/trades', queryApi, {});
    expect(result.meta?.headers.get('x-next-cursor')).toBe('abc');
  });

  it('read an empty successful answer as null and plain text as text', async () => {
    answer(null, { status: 204 });
    expect((await yomanBaseQuery('/api/x', queryApi, {})).data).toBeNull();
    answer('pong', { status: 200, contentType: 'text/plain' });
    expect((await yomanBaseQuery('/api/x', queryApi, {})).data).toBe('pong');
  });
});

describe('yomanBaseQuery errors', () => {
  it('expose the server JSON error: status message plus code and the Hebrew message', async () => {
    const body = '{"message":"אימייל או סיסמה שגויים","code":"UNAUTHENTICATED"}';
    answer(body, { status: 401, statusText: 'Unauthorized', contentType: 'application/json' });
    const result = await yomanBaseQuery('/api/login', queryApi, {});
    expect(result.error).toEqual({
      status: 401,
      message: `401: ${body}`,
      code: 'UNAUTHENTICATED',
      serverMessage: 'אימייל או סיסמה שגויים',
    });
  });

  it('use the body text for a non-JSON error', async () => {
    answer('upstream timed out', { status: 502, statusText: 'Bad Gateway', contentType: 'text/plain' });
    const result = await yomanBaseQuery('/api/trades', queryApi, {});
    expect(result.error).toEqual({ status: 502, message: '502: upstream timed out' });
  });

  it('fall back to the status text when the body is empty', async () => {
    answer('', { status: 500, statusText: 'Internal Server Error' });
    const result = await yomanBaseQuery('/api/trades', queryApi, {});
    expect(result.error).toEqual({ status: 500, message: '500: Internal Server Error' });
  });

  it('report a network failure without retrying', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    const result = await yomanBaseQuery('/api/trades', queryApi, {});
    expect(result.error).toEqual({ status: 'FETCH_ERROR', message: 'Failed to fetch' });
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});

describe('errorMessageOf', () => {
  it('prefers the Hebrew server message, then the status message', () => {
    expect(errorMessageOf({ status: 400, message: '400: {}', serverMessage: 'שדה חובה' })).toBe('שדה חובה');
    expect(errorMessageOf({ status: 500, message: '500: Internal Server Error' })).toBe(
      '500: Internal Server Error',
    );
    expect(errorMessageOf(undefined)).toBe('שגיאה לא צפויה');
    // No answer at all: the browser's English 'Failed to fetch' is not shown, a Hebrew sentence is.
    expect(errorMessageOf({ status: 'FETCH_ERROR', message: 'Failed to fetch' })).toBe(
      'לא התקבלה תשובה מהשרת. בדקו את החיבור ונסו שוב',
    );
    expect(isYomanError({ status: 500, message: 'x' })).toBe(true);
    expect(isYomanError(new Error('x'))).toBe(false);
  });
});
