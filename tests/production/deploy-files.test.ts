import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { settingNames } from '#server/config';
import { serverEntries } from '../../vite.server.config';
import { describe, expect, it } from '#tests/support/fixtures';

/**
 * The deploy path's files (Dockerfile, deploy/compose.yaml, deploy/nginx.conf) are examples an
 * operator copies, and nothing runs them here (no container runtime on the test machines): this
 * holds them to the code they start. Every setting the compose file gives a store process is one
 * config.ts reads (a misspelt one would be ignored silently); the image runs node itself as an
 * unprivileged user on the build's entry, with a health check on the live probe that exists; nginx
 * hands the store the headers it trusts.
 */
const repo = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(repo, path), 'utf8');

interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string[] | string;
  environment?: Record<string, string | number | boolean | null>;
  depends_on?: Record<string, { condition: string }>;
}

const compose = parse(read('deploy/compose.yaml'), { merge: true }) as {
  services: Record<string, ComposeService>;
};

/** The services that run the store's image: its servers and its worker. */
const storeServices = Object.entries(compose.services).filter(
  ([, service]) => service.image === 'loopmarket:latest',
);

/** The Dockerfile's instructions, stage by stage (continuation lines joined). */
function dockerfileStages(text: string) {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages: { from: string; instructions: { op: string; args: string }[] }[] = [];
  for (const line of lines) {
    const [, op = '', args = ''] = /^(\w+)\s+(.*)$/.exec(line) ?? [];
    if (op.toUpperCase() === 'FROM') stages.push({ from: args, instructions: [] });
    else stages.at(-1)?.instructions.push({ op: op.toUpperCase(), args });
  }
  return stages;
}

const stages = dockerfileStages(read('Dockerfile'));
const runtime = stages.at(-1)!;
const last = (op: string) => runtime.instructions.filter((i) => i.op === op).at(-1)?.args;

describe('the compose file', () => {
  it('runs two store servers, the worker, PostgreSQL, object storage, a mail catcher and nginx', () => {
    const names = storeServices.map(([name]) => name);
    expect(names).toEqual(['store-1', 'store-2', 'worker']);
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(['postgres', 'minio', 'create-bucket', 'mailpit', 'nginx']),
    );
    expect(compose.services.worker!.command).toEqual([
      'node',
      '--enable-source-maps',
      'scripts/run-built.mjs',
      'worker',
    ]);
  });

  it('gives the store processes only settings config.ts reads', () => {
    for (const [name, service] of storeServices) {
      const unknown = Object.keys(service.environment ?? {}).filter(
        (setting) => !settingNames.includes(setting),
      );
      expect(unknown, `settings of ${name} that src/server/config.ts does not read`).toEqual([]);
    }
  });

  it('sets what production requires, the same for every store process', () => {
    const environments = storeServices.map(([, service]) => {
      const { RUN_WORKERS: _, ...rest } = service.environment ?? {};
      return rest;
    });
    for (const environment of environments) {
      expect(environment).toEqual(environments[0]);
      expect(environment).toMatchObject({
        NODE_ENV: 'production',
        TRUSTED_PROXY_HEADER: 'x-forwarded-for',
        S3_BUCKET: 'loopmarket',
        S3_FORCE_PATH_STYLE: 'true',
      });
      for (const setting of ['DATABASE_URL', 'PUBLIC_URL', 'AUTH_SECRET', 'SMTP_URL']) {
        expect(environment[setting], setting).toBeTruthy();
      }
    }
    // The web servers leave the jobs to the worker.
    expect(compose.services['store-1']!.environment!.RUN_WORKERS).toBe('false');
    expect(compose.services['store-2']!.environment!.RUN_WORKERS).toBe('false');
    expect(compose.services.worker!.environment!.RUN_WORKERS).toBeUndefined();
  });

  it('starts the other store processes once the first has migrated the database', () => {
    for (const name of ['store-2', 'worker']) {
      expect(compose.services[name]!.depends_on).toEqual({
        'store-1': { condition: 'service_healthy' },
      });
    }
  });
});

describe('nginx', () => {
  const conf = read('deploy/nginx.conf');

  it('balances every store server', () => {
    const servers = [...conf.matchAll(/^\s*server\s+([\w.-]+:\d+)/gm)].map((m) => m[1]);
    expect(servers).toEqual(['store-1:3000', 'store-2:3000']);
  });

  it("sets the header the store trusts, appending the client's address, and its request id", () => {
    expect(conf).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
    expect(conf).toMatch(/proxy_set_header X-Request-Id \$request_id;/);
    expect(conf).toMatch(/proxy_set_header Host \$http_host;/);
  });
});

describe('the Dockerfile', () => {
  it('builds in one stage and runs the production install in another', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const build = stages.find((stage) => / AS build$/i.test(stage.from))!;
    const runs = (stage: typeof build) =>
      stage.instructions.filter((i) => i.op === 'RUN').map((i) => i.args);
    expect(runs(build).join('\n')).toMatch(/npm ci\b(?!.*--omit=dev)/);
    expect(runs(build).join('\n')).toMatch(/npm run build/);
    expect(runs(runtime).join('\n')).toMatch(/npm ci --omit=dev/);
    expect(runtime.instructions).toContainEqual({
      op: 'COPY',
      args: '--from=build /app/dist ./dist',
    });
    expect(runtime.instructions).toContainEqual({
      op: 'COPY',
      args: 'scripts/run-built.mjs ./scripts/run-built.mjs',
    });
  });

  it('does not run the store as root', () => {
    const user = last('USER');
    expect(user).toBeDefined();
    expect(['root', '0', '0:0']).not.toContain(user);
  });

  it('runs node itself as PID 1, on the built main entry (npm would not pass SIGTERM on)', () => {
    const command = JSON.parse(last('CMD')!) as string[];
    expect(command).toEqual(['node', '--enable-source-maps', 'scripts/run-built.mjs', 'main']);
    expect(last('ENTRYPOINT')).toBeUndefined();
    expect(Object.keys(serverEntries)).toContain(command[3]);
    expect(existsSync(join(repo, command[2]!))).toBe(true);
  });

  it('exposes the port and checks the live probe, which the store answers', async ({ app }) => {
    expect(last('EXPOSE')).toBe('3000');
    const check = last('HEALTHCHECK')!;
    const path = /\/api\/health\/live/.exec(check)?.[0];
    expect(path).toBe('/api/health/live');
    const answer = await app.app.request(path!);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: 'live' });
  });

  it('leaves the local install, the build and the data out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['node_modules', 'dist', 'data', '.env']));
  });
});
