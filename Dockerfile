# Waveframe's image: one image for every role. The API (with the web app) is the default
# command; compose.yaml runs the job workers from the same image with `npm run worker`.

# Build: every dependency, then the web app (dist/).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# Run: Debian's ffmpeg (long encodes prefer it to the npm package's 2018 build) and fonts.
FROM node:24-bookworm-slim
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    ffmpeg fonts-dejavu-core ca-certificates \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    WEB_DIST_DIR=/app/dist
WORKDIR /app
COPY --from=build --chown=root:root /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# The liveness answer (GET /api/health): 200 while the process serves and reaches its database.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# server/main.ts, as `npm start` runs it once the web app is built (dist/ comes from the build stage).
CMD ["node", "--import", "tsx", "server/main.ts"]
