import { z } from 'zod';
import { readVatNumber } from '#shared/vat-number';

/** The EU's VIES REST service; VIES_URL points the store elsewhere (the tests' stand-in). */
export const DEFAULT_VIES_URL = 'https://ec.europa.eu/taxation_customs/vies/rest-api';

/** How long a buyer's checkout waits for VIES before charging VAT and saying why. */
export const VIES_TIMEOUT_MS = 5_000;

/**
 * VIES's answer about one VAT number, kept with the order as evidence (orders.vatCheck):
 * 'unavailable' when VIES or the member state's register could not say, so VAT is charged.
 */
export interface VatCheck {
  status: 'valid' | 'invalid' | 'unavailable';
  /** The number as checked, with its VIES prefix: DE123456789. */
  vatNumber: string;
  /** The registered name and address, when the member state discloses them. */
  name?: string;
  address?: string;
  /** When the store asked (ISO 8601). */
  checkedAt: string;
  /** VIES's consultation number, given only when the request names a requester. */
  requestIdentifier?: string;
  /** What went wrong, for an 'unavailable' answer: VIES's error code or the network's. */
  reason?: string;
}

export interface VatCheckOptions {
  url?: string;
  timeoutMs?: number;
  now?: () => Date;
}

// VIES answers a check with `valid`, or an error as `{ actionSucceed: false, errorWrappers }`
// (on 200 as well as on 4xx/5xx). Its undisclosed name and address read '---'.
const answerSchema = z.object({
  valid: z.boolean(),
  name: z.string().nullish(),
  address: z.string().nullish(),
  requestIdentifier: z.string().nullish(),
});
const errorSchema = z.object({
  errorWrappers: z.array(z.object({ error: z.string() })).min(1),
});

/** The one error of VIES's that says the number itself is wrong; every other is its outage. */
const INVALID_INPUT = 'INVALID_INPUT';

const disclosed = (text: string | null | undefined) => {
  const trimmed = text?.trim();
  return trimmed && trimmed !== '---' ? trimmed : undefined;
};

/**
 * Asks VIES whether a business's VAT number is registered. A number that fails its country's
 * format is 'invalid' without a call; an unreachable, slow or failing VIES is 'unavailable'.
 * Answers are not cached: each checkout asks, and the order keeps what it was told.
 */
export async function checkVatNumber(
  country: string,
  typed: string,
  {
    url = DEFAULT_VIES_URL,
    timeoutMs = VIES_TIMEOUT_MS,
    now = () => new Date(),
  }: VatCheckOptions = {},
): Promise<VatCheck> {
  const checkedAt = now().toISOString();
  const reading = readVatNumber(country, typed);
  if (!reading.ok) return { status: 'invalid', vatNumber: typed.trim(), checkedAt };
  const { prefix, number, full } = reading;
  const unavailable = (reason: string): VatCheck => ({
    status: 'unavailable',
    vatNumber: full,
    checkedAt,
    reason,
  });

  let response: Response;
  try {
    response = await fetch(`${url.replace(/\/$/, '')}/check-vat-number`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ countryCode: prefix, vatNumber: number }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const timedOut = err instanceof Error && err.name === 'TimeoutError';
    return unavailable(timedOut ? 'TIMEOUT' : 'UNREACHABLE');
  }
  const body: unknown = await response.json().catch(() => null);
  const failure = errorSchema.safeParse(body);
  if (failure.success) {
    const code = failure.data.errorWrappers[0]!.error;
    return code === INVALID_INPUT
      ? { status: 'invalid', vatNumber: full, checkedAt }
      : unavailable(code);
  }
  const answer = answerSchema.safeParse(body);
  if (!response.ok || !answer.success) return unavailable(`HTTP_${response.status}`);
  if (!answer.data.valid) return { status: 'invalid', vatNumber: full, checkedAt };
  const name = disclosed(answer.data.name);
  const address = disclosed(answer.data.address);
  const requestIdentifier = disclosed(answer.data.requestIdentifier);
  return {
    status: 'valid',
    vatNumber: full,
    checkedAt,
    ...(name ? { name } : {}),
    ...(address ? { address } : {}),
    ...(requestIdentifier ? { requestIdentifier } : {}),
  };
}
