import type { BaseQueryFn } from '@reduxjs/toolkit/query';

type QueryValue = string | number | boolean | null | undefined;

/** A call of the API: a path ('/api/user') or a path with method, query parameters and a payload. */
export type YomanRequest =
  | string
  | {
      url: string;
      method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      params?: Record<string, QueryValue>;
      /** A JSON payload; when absent, no body and no content type are sent (spec §7). */
      body?: unknown;
      /** Headers beside the content type (a new trade's idempotency key). */
      headers?: Record<string, string>;
    };

/**
 * A failed call. `message` follows spec §8: "<status>: <body text or status text>". When the body is the
 * server's JSON error, `code` and `serverMessage` (the Hebrew message for a toast) are also given.
 */
export type YomanError = {
  status: number | 'FETCH_ERROR';
  message: string;
  code?: string;
  serverMessage?: string;
};

function urlOf(url: string, params: Record<string, QueryValue> | undefined): string {
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const query = search.toString();
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

function serverErrorOf(text: string): Pick<YomanError, 'code' | 'serverMessage'> {
  try {
    const parsed: unknown = JSON.parse(text);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'message' in parsed &&
      typeof parsed.message === 'string'
    ) {
      const code = 'code' in parsed && typeof parsed.code === 'string' ? parsed.code : undefined;
      return { serverMessage: parsed.message, ...(code ? { code } : {}) };
    }
  } catch {
    // A body that is not JSON (a proxy's HTML page, plain text) carries no server message.
  }
  return {};
}

/** Reads a successful answer: JSON when it is JSON, null when empty, the text otherwise. */
function dataOf(text: string, contentType: string | null): unknown {
  if (text === '') return null;
  if (contentType?.includes('json')) return JSON.parse(text);
  return text;
}

/** What a successful answer carries beside its data: its headers (a page's next cursor, for one). */
export type YomanMeta = { headers: Headers };

/**
 * The one HTTP client of the browser (spec §7/§8): sends the session cookie, a JSON body only when there is
 * a payload, turns every non-OK answer into a YomanError, and never retries.
 */
export const yomanBaseQuery: BaseQueryFn<YomanRequest, unknown, YomanError, object, YomanMeta> = async (
  request,
  { signal },
) => {
  const {
    url,
    method = 'GET',
    params,
    body,
    headers,
  } = typeof request === 'string' ? { url: request } : request;
  const init: RequestInit = { method, credentials: 'include', signal };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'Content-Type': 'application/json', ...headers };
  } else if (headers) {
    init.headers = headers;
  }
  let response: Response;
  try {
    response = await fetch(urlOf(url, params), init);
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : String(cause);
    return { error: { status: 'FETCH_ERROR', message } };
  }
  const text = await response.text();
  if (!response.ok) {
    const detail = text || response.statusText;
    return {
      error: { status: response.status, message: `${response.status}: ${detail}`, ...serverErrorOf(text) },
    };
  }
  try {
    return { data: dataOf(text, response.headers.get('content-type')), meta: { headers: response.headers } };
  } catch {
    return { error: { status: response.status, message: `${response.status}: ${text}` } };
  }
};

/** What a toast says when a call got no answer at all (the browser's own text is English: 'Failed to fetch'). */
export const NO_ANSWER_MESSAGE = 'לא התקבלה תשובה מהשרת. בדקו את החיבור ונסו שוב';

/**
 * The text a toast shows for a failed call: the server's Hebrew message when it sent one, a Hebrew one when no
 * answer came, else the status message.
 */
export function errorMessageOf(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    if ('serverMessage' in error && typeof error.serverMessage === 'string') return error.serverMessage;
    if ('status' in error && error.status === 'FETCH_ERROR') return NO_ANSWER_MESSAGE;
    if ('message' in error && typeof error.message === 'string') return error.message;
  }
  if (typeof error === 'string') return error;
  return 'שגיאה לא צפויה';
}

/**
 * An RTK Query `transformErrorResponse` for a failed call: it keeps the status and the server's message (for the
 * toast) and says what failed in the spec's words (spec §8).
 */
export const failedTo =
  (message: string) =>
  (error: YomanError): YomanError => ({ ...error, message });

/** Narrows an unknown rejection (from `unwrap()`) to a YomanError. */
export function isYomanError(error: unknown): error is YomanError {
  return (
    typeof error === 'object' &&
    error !== null &&
    'status' in error &&
    'message' in error &&
    typeof error.message === 'string'
  );
}
