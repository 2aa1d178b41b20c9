# Holdfast: build with every dependency, run with the runtime ones only (docs/operations.md).
# The same commands as the production-install test (e2e/production-install.e2e.ts).
ARG NODE_VERSION=20

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /src
# The package files first: the install layer is reused until they change.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm run deploy-folder -- /holdfast

FROM node:${NODE_VERSION}-bookworm-slim
# pg_dump and pg_restore for `npm run backup` (PostgreSQL 15 client: back up servers of version 15 or older).
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production PORT=5000 DATA_DIR=/data BACKUP_DIR=/data/backups
WORKDIR /app
COPY --from=build /holdfast/package.json /holdfast/package-lock.json ./
COPY --from=build /holdfast/apps/server/package.json apps/server/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /holdfast/apps apps
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 5000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself, not npm: SIGTERM from `docker stop` reaches the server, which drains and exits.
CMD ["node", "--max-semi-space-size=2", "--v8-pool-size=1", "apps/server/dist/main.js"]
