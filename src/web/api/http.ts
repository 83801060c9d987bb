import type { ApiErrorBody, ErrorCode } from '#shared/errors';

/** An error answered by our API, carrying its code and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The API's closed list (better-auth's codes under /api/auth included), or 'NETWORK'. */
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function isApiErrorBody(body: unknown): body is ApiErrorBody {
  return (
    typeof body === 'object' &&
    body !== null &&
    'error' in body &&
    typeof (body as ApiErrorBody).error?.message === 'string'
  );
}

type Transport = (path: string, init: RequestInit) => Promise<Response>;

let transport: Transport = (path, init) => fetch(path, init);

/**
 * Where requests go: the browser's fetch, or, for pages the server renders, the server's own
 * API answering in-process (server/web/server-rendering.ts).
 */
export function setApiTransport(next: Transport) {
  transport = next;
}

/** JSON in and out of /api; a non-2xx answer becomes an ApiError. */
export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await transport(path, {
      ...init,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        // A form (an upload) sets its own multipart type, with its boundary.
        ...(init.body && !(init.body instanceof FormData)
          ? { 'Content-Type': 'application/json' }
          : {}),
        ...init.headers,
      },
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Unable to reach the store. Check your connection.');
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if (isApiErrorBody(body)) {
      throw new ApiError(response.status, body.error.code, body.error.message, body.error.fields);
    }
    throw new ApiError(response.status, 'INTERNAL', `Request failed (${response.status})`);
  }
  return body as T;
}

/** A query string from the defined values only. */
export function toQuery(
  params: Record<string, string | number | readonly string[] | undefined>,
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    // A list repeats its name (?genre=trap&genre=house).
    if (Array.isArray(value)) for (const item of value as string[]) search.append(key, item);
    else if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
