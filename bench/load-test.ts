import autocannon from 'autocannon';

export interface LoadTestSettings {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** Sent on every request when set, e.g. 'gzip, br' to include compression in the cost. */
  acceptEncoding?: string;
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
}

function run(
  baseUrl: string,
  nextPath: () => string,
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
        setupRequest: (request) => ({ ...request, path: nextPath() }),
      },
    ],
  });
}

/** Drives the paths `nextPath` hands out for the warm-up, whose numbers are dropped. */
export async function warmUp(baseUrl: string, nextPath: () => string, settings: LoadTestSettings) {
  if (settings.warmupSeconds > 0) await run(baseUrl, nextPath, settings, settings.warmupSeconds);
}

/** Drives the paths `nextPath` hands out for the measured run. */
export async function measure(
  baseUrl: string,
  nextPath: () => string,
  settings: LoadTestSettings,
): Promise<Measurement> {
  const result = await run(baseUrl, nextPath, settings, settings.durationSeconds);
  const answered = result['2xx'] + result.non2xx;
  return {
    requestsPerSecond: answered / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
    requests: answered,
  };
}
