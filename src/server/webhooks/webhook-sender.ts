import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import {
  guardedLookup,
  PrivateAddressError,
  refusesLiteralAddress,
  type EndpointPolicy,
} from './webhook-url';
import type { SignedHeaders } from './webhook-signature';

/**
 * One POST of a signed webhook: a time limit for the whole exchange, no redirects followed (a
 * 3xx is a failure, as the standard says; following one would let a receiver point the store at
 * another address), and only the first bytes of the answer kept for the log.
 */

export interface SendSettings extends EndpointPolicy {
  timeoutMs: number;
  /** Bytes of the answer's body kept for the owner to read. */
  keepBodyBytes: number;
  userAgent: string;
}

export interface SendResult {
  /** The answer's status; null when none came (refused, timed out, a refused address). */
  status: number | null;
  ms: number;
  body: string | null;
  error: string | null;
  succeeded: boolean;
}

export function sendWebhook(
  url: string,
  headers: SignedHeaders,
  body: string,
  settings: SendSettings,
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const target = new URL(url);
  if (refusesLiteralAddress(target, settings)) {
    const error = new PrivateAddressError(target.hostname).message;
    return Promise.resolve({ status: null, ms: 0, body: null, error, succeeded: false });
  }
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, 'ms' | 'succeeded'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const succeeded = result.status !== null && result.status >= 200 && result.status < 300;
      resolve({ ...result, ms: elapsed(), succeeded });
    };
    const req = request(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': settings.userAgent,
        },
        lookup: guardedLookup(settings),
      },
      (res) => {
        const kept: Buffer[] = [];
        let size = 0;
        const status = res.statusCode ?? null;
        const text = () => Buffer.concat(kept).toString('utf8');
        res.on('data', (chunk: Buffer) => {
          if (size < settings.keepBodyBytes)
            kept.push(chunk.subarray(0, settings.keepBodyBytes - size));
          size += chunk.length;
          // Enough read: the rest of a large answer is not waited for.
          if (size >= settings.keepBodyBytes) {
            finish({ status, body: text(), error: null });
            res.destroy();
          }
        });
        res.on('end', () => finish({ status, body: text(), error: null }));
        res.on('error', (err) => finish({ status, body: text(), error: err.message }));
      },
    );
    const timer = setTimeout(() => {
      finish({
        status: null,
        body: null,
        error: `No answer within ${settings.timeoutMs / 1000} s`,
      });
      req.destroy();
    }, settings.timeoutMs);
    req.on('error', (err) => finish({ status: null, body: null, error: err.message }));
    req.end(body);
  });
}
