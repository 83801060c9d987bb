/**
 * Licence keys as a buyer types them: `LM-` and four groups of four characters from Crockford's
 * base32 (no I, L, O or U, so nothing reads as another), the last a check character by the
 * Luhn mod N algorithm, which catches every mistyped character and every swap of two neighbours
 * but one (0 and Z, as Luhn's digits miss 09 and 90).
 * 15 random characters carry 75 bits: a key cannot be guessed.
 */

export const LICENSE_KEY_PREFIX = 'LM';
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const N = ALPHABET.length;
const RANDOM_CHARACTERS = 15;
const GROUP = 4;

/** The check character of `body` (Luhn mod N, from the right, doubling every other one). */
function checkCharacter(body: string): string {
  let sum = 0;
  let factor = 2;
  for (let i = body.length - 1; i >= 0; i -= 1) {
    let addend = factor * ALPHABET.indexOf(body[i] ?? '');
    factor = factor === 2 ? 1 : 2;
    addend = Math.floor(addend / N) + (addend % N);
    sum += addend;
  }
  return ALPHABET[(N - (sum % N)) % N] ?? '0';
}

const grouped = (characters: string) =>
  `${LICENSE_KEY_PREFIX}-${characters.match(new RegExp(`.{${GROUP}}`, 'g'))?.join('-') ?? ''}`;

/**
 * A new key from 15 random bytes (`crypto.getRandomValues` or `randomBytes`): each byte gives one
 * character (the low 5 bits; 256 is a multiple of 32, so every character is equally likely).
 */
export function licenseKeyFrom(random: Uint8Array): string {
  if (random.length < RANDOM_CHARACTERS) throw new Error('A licence key needs 15 random bytes');
  let body = '';
  for (let i = 0; i < RANDOM_CHARACTERS; i += 1) body += ALPHABET[(random[i] ?? 0) % N];
  return grouped(body + checkCharacter(body));
}

/**
 * The key a buyer typed, in its one stored form (`LM-XXXX-XXXX-XXXX-XXXX`), or null when it is
 * not a key: case, spaces and dashes are forgiven, as are the look-alikes Crockford maps
 * (O → 0, I and L → 1); a wrong check character is not.
 */
export function normaliseLicenseKey(input: string): string | null {
  let text = input.toUpperCase().replace(/[\s-]/g, '');
  if (text.startsWith(LICENSE_KEY_PREFIX)) text = text.slice(LICENSE_KEY_PREFIX.length);
  text = text.replace(/O/g, '0').replace(/[IL]/g, '1');
  if (text.length !== RANDOM_CHARACTERS + 1) return null;
  if ([...text].some((c) => !ALPHABET.includes(c))) return null;
  const body = text.slice(0, RANDOM_CHARACTERS);
  if (checkCharacter(body) !== text.slice(RANDOM_CHARACTERS)) return null;
  return grouped(text);
}

/** What a malformed key is told (a 400), never whether some key exists. */
export const LICENSE_KEY_FORMAT_MESSAGE =
  'That is not a licence key: keys look like LM-XXXX-XXXX-XXXX-XXXX';
