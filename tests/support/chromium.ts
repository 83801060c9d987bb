/**
 * Debian's Chromium as every Playwright config launches it (never a downloaded browser): no
 * sandbox (CI runs as root), and none of the background traffic a fresh profile would start.
 */
export const chromiumLaunchOptions = (extraArgs: string[] = []) => ({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    ...extraArgs,
  ],
});
