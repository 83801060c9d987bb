import Bowser from 'bowser';

/** What the devices list says about one signed-in session, read from its user agent. */
export interface DeviceDescription {
  /** "Chrome 131", "Safari", or "Unknown browser". */
  browser: string;
  /** "macOS", "Windows", "iOS 18.1", "Android 14", or "Unknown system". */
  system: string;
}

export const UNKNOWN_BROWSER = 'Unknown browser';
export const UNKNOWN_SYSTEM = 'Unknown system';

const major = (version: string | undefined) => version?.split('.')[0];

/**
 * Phones report their system's version truthfully; desktop browsers freeze it (every Mac says
 * 10.15.7, Windows 11 says 10), so a desktop system is named without one.
 */
const VERSIONED_SYSTEMS = new Set(['iOS', 'Android']);

/**
 * The browser and system behind a user agent, as a buyer would name them. The browser's major
 * version is enough to tell two machines apart; the full one is noise. A missing or unreadable
 * agent (a script, an old client) is named as unknown rather than guessed.
 */
export function describeDevice(userAgent: string | null | undefined): DeviceDescription {
  if (!userAgent?.trim()) return { browser: UNKNOWN_BROWSER, system: UNKNOWN_SYSTEM };
  const { browser, os } = Bowser.parse(userAgent);
  const browserName = browser.name
    ? [browser.name, major(browser.version)].filter(Boolean).join(' ')
    : UNKNOWN_BROWSER;
  const systemVersion = os.name && VERSIONED_SYSTEMS.has(os.name) ? os.version : undefined;
  const systemName = os.name ? [os.name, systemVersion].filter(Boolean).join(' ') : UNKNOWN_SYSTEM;
  return { browser: browserName, system: systemName };
}
