// Builds the app and runs the browser journeys in Debian's Chromium. On a machine without
// Chromium it says so and skips them, so `npm test` still runs every other test; in CI a
// missing browser is a failure, never a skip.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const message = `Browser journeys need Chromium at ${chromium} (Debian: apt-get install -y chromium).`;
  if (process.env.CI) {
    console.error(message);
    process.exit(1);
  }
  console.warn(`\n${message}\nThey were SKIPPED; every other test ran.\n`);
  process.exit(0);
}

const run = (args) => spawnSync('npx', args, { stdio: 'inherit' }).status ?? 1;
// `--built`: `npm test` has just built (before Vitest, whose production-start test needs the
// build), so the journeys use that build rather than making it again.
const args = process.argv.slice(2);
if (!args.includes('--built')) {
  // The web app, its server rendering and the compiled server, as `npm start` builds them.
  const built = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' }).status ?? 1;
  if (built !== 0) process.exit(built);
}
process.exit(run(['playwright', 'test', ...args.filter((arg) => arg !== '--built')]));
