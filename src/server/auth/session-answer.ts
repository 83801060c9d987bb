/**
 * better-auth writes the session token into its JSON answers (`session.token` from get-session,
 * `token` from sign-in and the two-factor checks, each session's from list-sessions). The httpOnly
 * cookie already carries it; a script that could read it could send the session anywhere, which is
 * what httpOnly is there to prevent. So every JSON answer under /api/auth loses it.
 */
export async function withoutSessionTokens(response: Response): Promise<Response> {
  if (!response.headers.get('content-type')?.includes('application/json')) return response;
  const text = await response.clone().text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return response;
  }
  if (!holdsToken(body)) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(stripTokens(body)), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function holdsToken(body: unknown): boolean {
  if (Array.isArray(body)) return body.some((item) => isObject(item) && 'token' in item);
  return isObject(body) && ('token' in body || (isObject(body.session) && 'token' in body.session));
}

function withoutToken(value: unknown): unknown {
  if (!isObject(value)) return value;
  const { token: _token, ...rest } = value;
  return rest;
}

function stripTokens(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(withoutToken);
  const rest = withoutToken(body) as Json;
  return 'session' in rest ? { ...rest, session: withoutToken(rest.session) } : rest;
}
