import { join } from 'node:path';

/**
 * nginx in front of the servers as the README's "Running in production" puts it: round robin
 * over both, the client's address appended to X-Forwarded-For (TRUSTED_PROXY_HEADER), and a
 * request a server refuses or drops (it is stopping: its port is closed, or it answers 502/503)
 * tried again on the other. Everything it writes (pid, logs, temporary bodies) stays in `dir`.
 * The access log's second field is the status, which the stop journey counts.
 */
export function nginxConfig({
  dir,
  port,
  upstreams,
}: {
  dir: string;
  port: number;
  upstreams: number[];
}) {
  const temp = join(dir, 'temp');
  return `worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  client_max_body_size 100m;
  log_format cluster '$remote_addr $status "$request" $upstream_addr $upstream_status';
  access_log ${join(dir, 'access.log')} cluster;

  upstream store {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
  }

  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://store;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
      proxy_read_timeout 60s;
    }
  }
}
`;
}
