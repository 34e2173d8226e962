# syntax=docker/dockerfile:1
# Bazaar as one container image: the built web app and server, production dependencies only, run as
# the unprivileged `node` user. compose.yaml runs two of them behind Caddy (README, "Deployment").

ARG NODE_IMAGE=node:22-bookworm-slim

# Every dependency, to build the web app (Vite) and bundle the server (esbuild).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
RUN npm ci --no-audit --no-fund --loglevel=error
COPY . .
RUN npm run build

# Production dependencies only (the lock file's builds for this platform: sharp's libvips for
# linux-x64 or linux-arm64). No install scripts: nothing the server loads needs one.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true
WORKDIR /app
COPY --from=deps /app/package.json ./
COPY --from=deps /app/node_modules node_modules
COPY --from=deps /app/apps/server/package.json apps/server/
COPY --from=deps /app/apps/web/package.json apps/web/
COPY --from=deps /app/packages/shared/package.json packages/shared/
# The bundled server (server.js, create-admin.js, storage-migrate.js), its migrations, and the web
# app: the browser's build and the server renderer's.
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-ssr apps/web/dist-ssr
# DATA_DIR: the embedded database and images when the container runs alone; with DATABASE_URL and
# S3_BUCKET nothing is kept there.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Ready means: database reachable, migrations applied, not shutting down (the proxy asks the same).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node itself, not npm: SIGTERM reaches the server, which drains and exits.
CMD ["node", "apps/server/dist/server.js"]
