# syntax=docker/dockerfile:1
# Loopmarket's production image: the build made with the dev dependencies in one stage, run by
# plain `node` on the production install in the next (README.md, "Running in production").
#   docker build -t loopmarket .
#   docker run -p 3000:3000 -e NODE_ENV=production -e AUTH_SECRET=… -e PUBLIC_URL=… … loopmarket
# deploy/compose.yaml runs it as two servers and a worker behind nginx.
ARG NODE_IMAGE=node:20-bookworm-slim

# ---- build: the web app (dist/web), its server rendering (dist/ssr), the compiled server
# (dist/server, with the migrations beside it). Vite and Tailwind are dev dependencies.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- runtime: production dependencies only (scripts/check-prod-deps.mjs keeps the built code
# from importing a dev dependency), the build, and the script that starts it.
FROM ${NODE_IMAGE} AS runtime
# pg_dump and pg_restore for `npm run backup:prod` and `restore:prod` on PostgreSQL: Debian
# bookworm's 15, for a PostgreSQL 15 server (the compose file's); they must be of the server's
# major version or newer.
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client-15 \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data \
    BACKUP_DIR=/app/backups
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY scripts/run-built.mjs ./scripts/run-built.mjs
# The store writes only under DATA_DIR (media, local files, the embedded database) and
# BACKUP_DIR; everything else stays root's and read-only to it.
RUN mkdir -p /app/data /app/backups && chown node:node /app/data /app/backups
VOLUME ["/app/data"]
# The official image's unprivileged user (uid 1000).
USER node
EXPOSE 3000
# The live probe: the process answers (GET /api/health/live, health/health.routes.ts). Readiness
# (/api/health/ready: the database answers and the process is not stopping) is the proxy's
# business, not a reason to restart the container.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# PID 1 is node itself, not npm or a shell: SIGTERM from `docker stop` reaches the store, which
# answers the requests in flight (SHUTDOWN_TIMEOUT_SECONDS) and closes the database. npm would
# not pass the signal on. `… run-built.mjs worker` runs the background worker instead.
CMD ["node", "--enable-source-maps", "scripts/run-built.mjs", "main"]
