# The MDQ team gateway as a container image (docs/gateway.md). `docker compose up` runs it with
# Redis (compose.yaml). The built command is one file with its dependencies bundled in, so the
# image holds Node and that file only.
FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
# Only what the command is built from, never the whole clone: a .env with the provider key, a TLS
# key or a token file there stays out of every layer (.dockerignore keeps them out of the context).
COPY tsconfig.json ./
COPY scripts ./scripts
COPY shared ./shared
COPY src ./src
RUN node scripts/build.mjs cli

FROM node:20-bookworm-slim
WORKDIR /app
COPY --from=build /src/dist/cli/mdq.js /app/mdq.js
# The embedded mode's token file, when no Redis is configured: mount a volume at /data.
RUN mkdir -p /data && chown node:node /data
ENV MDQ_GATEWAY_TOKENS=/data/tokens.json
USER node
EXPOSE 8790
HEALTHCHECK --interval=30s --timeout=3s CMD ["node", "-e", "fetch('http://127.0.0.1:8790/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "/app/mdq.js", "gateway"]
CMD ["--host", "0.0.0.0", "--port", "8790"]
