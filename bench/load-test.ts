import autocannon from 'autocannon';

export interface LoadTestSettings {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** Sent on every request when set, e.g. 'gzip, br' to include compression in the cost. */
  acceptEncoding?: string;
}

/** One request of a load test: a GET of `path` unless it says otherwise. */
export interface LoadRequest {
  path: string;
  method?: 'GET' | 'POST';
  /** Sent on top of the settings' headers: a session cookie, an Origin, a content type. */
  headers?: Record<string, string>;
  body?: string;
}

export interface Measurement {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors, timeouts and answers other than 2xx. */
  errors: number;
  requests: number;
  /** CPU milliseconds per request in the server process and in the database backends. */
  serverCpuMs?: number | null;
  databaseCpuMs?: number | null;
  /** The 1-minute load average as the measured run started and as it ended. */
  load?: { start: number; end: number };
}

function run(
  baseUrl: string,
  nextRequest: () => LoadRequest,
  settings: LoadTestSettings,
  seconds: number,
): Promise<autocannon.Result> {
  return autocannon({
    url: baseUrl,
    connections: settings.connections,
    duration: seconds,
    headers: settings.acceptEncoding ? { 'accept-encoding': settings.acceptEncoding } : {},
    requests: [
      {
        setupRequest: (request) => {
          const next = nextRequest();
          return {
            ...request,
            path: next.path,
            method: next.method ?? 'GET',
            headers: { ...request.headers, ...next.headers },
            body: next.body,
          };
        },
      },
    ],
  });
}

/**
 * Drives the requests `nextRequest` hands out for the warm-up, whose numbers are dropped. It is
 * called once for each request built, which can be a few more than are sent.
 */
export async function warmUp(
  baseUrl: string,
  nextRequest: () => LoadRequest,
  settings: LoadTestSettings,
) {
  if (settings.warmupSeconds > 0) {
    await run(baseUrl, nextRequest, settings, settings.warmupSeconds);
  }
}

/** Drives the requests `nextRequest` hands out for the measured run. */
export async function measure(
  baseUrl: string,
  nextRequest: () => LoadRequest,
  settings: LoadTestSettings,
): Promise<Measurement> {
  const result = await run(baseUrl, nextRequest, settings, settings.durationSeconds);
  const answered = result['2xx'] + result.non2xx;
  return {
    requestsPerSecond: answered / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
    requests: answered,
  };
}
