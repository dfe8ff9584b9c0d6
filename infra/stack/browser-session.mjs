// A signed-in person talking to the gateway over HTTP the way a browser would: fetch plus a cookie jar.

/**
 * A client of `baseUrl` that keeps the cookies the server sets. `call(method, path, body?)` resolves to
 * `{ status, body, headers }` with the body parsed as JSON when it is JSON.
 */
export function browserSession(baseUrl) {
  const cookies = new Map();

  function remember(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...value] = pair.split('=');
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired) cookies.delete(name.trim());
      else cookies.set(name.trim(), value.join('='));
    }
  }

  async function call(method, path, body, { headers = {}, timeoutMs = 15_000 } = {}) {
    const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(new URL(path, baseUrl), {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    remember(response);
    const text = await response.text();
    let parsed = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: response.status, body: parsed, headers: response.headers };
  }

  return { call, cookies };
}

/** The registration body of `username`, as the sign-up form sends it. */
const registrationOf = (username, password) => ({
  username,
  email: `${username}@example.com`,
  password,
  displayName: username,
});

/**
 * Sends a sign-up through the gateway in a browser session of its own, under idempotency key `key` as the form
 * sends it, and answers what it answered (status, body) with the session, whatever the status.
 */
export async function sendRegistration(baseUrl, { username, key, password = 'סיסמה-ארוכה-1234' }) {
  const session = browserSession(baseUrl);
  const answer = await session.call('POST', '/api/register', registrationOf(username, password), {
    headers: { 'idempotency-key': key },
    timeoutMs: 20_000,
  });
  return { ...answer, session };
}

/** Registers an account through the gateway and answers its signed-in session and user. */
export async function registerPerson(baseUrl, { username, password = 'סיסמה-ארוכה-1234' }) {
  const session = browserSession(baseUrl);
  const body = registrationOf(username, password);
  const registered = await session.call('POST', '/api/register', body);
  if (registered.status !== 200 && registered.status !== 201) {
    throw new Error(`register ${username}: ${registered.status} ${JSON.stringify(registered.body)}`);
  }
  return { session, user: registered.body, email: body.email, password };
}
