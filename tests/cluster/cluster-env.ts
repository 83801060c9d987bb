/**
 * What `npm run test:cluster` (cluster.ts) tells the journeys, by environment variable: nginx's
 * address, each server's own address and pid (to cross them, or to stop one), nginx's logs, and
 * the servers' settings (for the admin command).
 */
export const clusterEnvNames = {
  proxyUrl: 'CLUSTER_PROXY_URL',
  serverA: 'CLUSTER_SERVER_A_URL',
  serverB: 'CLUSTER_SERVER_B_URL',
  pidA: 'CLUSTER_SERVER_A_PID',
  pidB: 'CLUSTER_SERVER_B_PID',
  accessLog: 'CLUSTER_NGINX_ACCESS_LOG',
  errorLog: 'CLUSTER_NGINX_ERROR_LOG',
  serverEnv: 'CLUSTER_SERVER_ENV',
} as const;

function read(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} is not set: run the cluster journeys with npm run test:cluster`);
  return value;
}

/** The cluster as the journeys see it. */
export const cluster = {
  get proxyUrl() {
    return read(clusterEnvNames.proxyUrl);
  },
  get serverA() {
    return read(clusterEnvNames.serverA);
  },
  get serverB() {
    return read(clusterEnvNames.serverB);
  },
  get pidA() {
    return Number(read(clusterEnvNames.pidA));
  },
  get pidB() {
    return Number(read(clusterEnvNames.pidB));
  },
  get accessLog() {
    return read(clusterEnvNames.accessLog);
  },
  get errorLog() {
    return read(clusterEnvNames.errorLog);
  },
  get serverEnv(): Record<string, string> {
    return JSON.parse(read(clusterEnvNames.serverEnv)) as Record<string, string>;
  },
};

/**
 * What nginx adds to every request it passes on: a request sent to a server's own address
 * carries it too, or the server (TRUSTED_PROXY_HEADER=x-forwarded-for) would not know the
 * client's address (its rate limits would count it as "unknown", and the developer's outbox,
 * open to this machine only, would not answer).
 */
export const asIfThroughTheProxy = { 'x-forwarded-for': '127.0.0.1' };
