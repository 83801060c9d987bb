import { CompactSign } from 'jose';
import { OFFLINE_GRACE_DAYS, type LicenseCertificateClaims } from '#shared/licenses';
import type { SigningKey } from './licensing-keys';

const DAY_SECONDS = 86_400;

export interface CertifiedActivation {
  licenseId: string;
  product: { id: string; name: string };
  machineId: string;
  seats: number;
  licenseExpiresAt: Date | null;
}

/**
 * The claims of a certificate issued now: it lets the plugin run offline for the grace period,
 * and never past the licence's own end.
 */
export function certificateClaims(
  issuer: string,
  activation: CertifiedActivation,
  now = new Date(),
): LicenseCertificateClaims {
  const iat = Math.floor(now.getTime() / 1000);
  const licenseExpiresAt = activation.licenseExpiresAt
    ? Math.floor(activation.licenseExpiresAt.getTime() / 1000)
    : null;
  const graceEnd = iat + OFFLINE_GRACE_DAYS * DAY_SECONDS;
  return {
    iss: issuer,
    sub: activation.licenseId,
    product: activation.product,
    machineId: activation.machineId,
    seats: activation.seats,
    licenseExpiresAt,
    iat,
    exp: licenseExpiresAt === null ? graceEnd : Math.min(graceEnd, licenseExpiresAt),
  };
}

/** A compact JWS (EdDSA over Ed25519), its header naming the key that signed it. */
export async function signCertificate(
  claims: LicenseCertificateClaims,
  signer: SigningKey,
): Promise<string> {
  return new CompactSign(new TextEncoder().encode(JSON.stringify(claims)))
    .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', kid: signer.kid })
    .sign(signer.key);
}
