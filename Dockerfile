# ClassBots in a container: one app process, which serves the web app and the API on PORT (3000).
# With DATABASE_URL and S3_* set, run as many as you like behind a proxy (deploy/compose.yaml,
# README "Running for a district"); with neither, it keeps the embedded database and the files in
# /data (mount a volume there).
#
#   docker build -t classbots .
#   docker run -p 3000:3000 -v classbots-data:/data classbots
#
# deploy/deploy.test.ts checks this file: the runtime stage's user, health check, command, and that
# what it copies from the build stage is what `npm run build` makes.

# Build stage: every dependency, then the web app (dist/web, Vite) and the server (dist/server,
# esbuild: main.js, the two workers, their chunks and source maps, and the migrations).
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Runtime stage: production dependencies only (the server build leaves every package in
# node_modules), package.json (the server reads its version there), the build, and the sources of
# the operator's command line.
FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist/server ./dist/server
COPY --from=build /app/dist/web ./dist/web
# The operator's command line, which tsx (a production dependency) runs from the sources:
#   docker compose -f deploy/compose.yaml exec app1 npm run cli -- --help
COPY tsconfig.json ./
COPY contract ./contract
COPY server ./server
# DATA_DIR: uploads in progress, mail files without SMTP_URL, and (with no DATABASE_URL) the
# embedded database. Owned by the unprivileged user, so a new volume mounted there is too.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop) lets the server finish open requests and close the database, within 10 s.
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
