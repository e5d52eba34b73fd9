# syntax=docker/dockerfile:1
# Lateral Passport: build once, run the compiled server (dist/server/main.js) with production
# dependencies only, as the unprivileged `node` user.
#   docker build -t lateral-passport .      (or: docker compose up --build, see compose.yaml)

ARG NODE_VERSION=22

# Every dependency, for the build (Vite, esbuild, TypeScript sources).
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# dist/web (SPA), dist/server/main.js (server bundle) with dist/server/migrations, dist/build-info.json.
FROM deps AS build
COPY . .
RUN npm run build

# Production dependencies only: what dist/server/main.js imports at run time.
FROM node:${NODE_VERSION}-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
# package.json says "type": "module", which dist/server/main.js needs.
COPY package.json ./
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The code is read-only to the app; only ./data (embedded database or local documents, if used) is its own.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# No curl in slim images: Node's own fetch asks /healthz.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node itself as PID 1 (no npm in between): SIGTERM reaches the server's graceful shutdown.
# The V8 flags of package.json's serve script (see scripts/serve-flags.mjs): keep them the same.
CMD ["node", "--enable-source-maps", "--no-flush-bytecode", "--no-memory-reducer", "--max-semi-space-size=64", "--heap-growing-percent=100", "dist/server/main.js"]
