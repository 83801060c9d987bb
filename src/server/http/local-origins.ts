/**
 * The names a store on a developer's machine or a home network is reached by besides its
 * PUBLIC_URL: loopback (`localhost`, `127.0.0.1`, `[::1]`), private IPv4 ranges, IPv6 unique-local
 * and link-local addresses, and mDNS names (`studio-mac.local`).
 */
export function isLocalNetworkHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return true;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 127 ||
      a === 10 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254)
    );
  }
  return host === '::1' || /^f[cd][0-9a-f]{2}:/.test(host) || /^fe[89ab][0-9a-f]:/.test(host);
}

/**
 * Outside production, the origin a request was sent to when a page of that same origin sent it
 * and the host is local (the store opened at http://127.0.0.1:3000 or a LAN address instead of
 * PUBLIC_URL's localhost): sign-in accepts it as the store's own. In production, none: only
 * PUBLIC_URL is the store's address.
 */
export function localStoreOrigins(request: Request | undefined, isProduction: boolean): string[] {
  if (isProduction || !request) return [];
  const origin = request.headers.get('origin');
  const own = new URL(request.url);
  if (origin !== own.origin || !isLocalNetworkHost(own.hostname)) return [];
  return [own.origin];
}
