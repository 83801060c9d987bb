/** Rejects with a TimeoutError when `work` takes longer than `ms`; the work itself runs on. */
export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error('timed out'), { code: 'TIMEOUT' })),
      ms,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A failure told by its code only (ECONNREFUSED, EAUTH, a SQLSTATE…): messages of drivers and
 * mail servers can carry user names or hosts, and the report is public.
 */
export function failureCode(error: unknown): string {
  // Drizzle wraps a driver's error as the cause of its own.
  for (let current = error, depth = 0; depth < 4; depth++) {
    if (typeof current !== 'object' || current === null) break;
    const code = 'code' in current ? current.code : null;
    if (typeof code === 'string' && /^[A-Z0-9_]{1,32}$/i.test(code)) return code;
    current = 'cause' in current ? current.cause : null;
  }
  return 'ERROR';
}
