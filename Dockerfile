# The server as a container, for Cloud Run (prisma-free-docs/deployment.md, "Cloud Run"). Firebase
# App Hosting builds from apphosting.yaml instead. `docker build` is not run by the tests (no Docker
# on the build machines): the browser tests run these steps' result, `npm run build`'s
# .next/standalone/server.js with HOSTNAME=0.0.0.0 as a second Firebase-mode server
# (scripts/firebase-e2e-server.mjs --standalone; src/deployment.test.ts keeps the two in step).
#   docker build --build-arg SITE_URL=https://venue.example -t venue .

FROM node:20-bookworm-slim AS build
WORKDIR /app
# Install first, from the lock file, so a change of the code reuses this layer. The install runs
# patch-package and copies the QR decoder's WebAssembly into public/ (postinstall).
COPY package.json package-lock.json ./
COPY patches ./patches
COPY scripts/copy-zxing-wasm.mjs ./scripts/
RUN npm ci
COPY . .
# Absolute links in pages built ahead (sitemaps, robots.txt) name the site; the runtime needs it too.
ARG SITE_URL
ENV SITE_URL=${SITE_URL} NEXT_TELEMETRY_DISABLED=1
# next build (also writing .next/standalone), compile hints, then scripts/standalone.mjs, which puts
# the static files and public/ beside the standalone server.
RUN npm run build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 BACKEND=firebase
# Cloud Run sends requests to $PORT on every interface of the container.
ENV PORT=8080 HOSTNAME=0.0.0.0
# The renditions' disk cache: on Cloud Run an in-memory file system (RENDITION_CACHE_MB bounds it).
ENV DATA_DIR=/tmp/venue
# Only the standalone server: the modules its code uses, traced at build, and nothing else.
COPY --from=build --chown=node:node /app/.next/standalone ./
USER node
EXPOSE 8080
CMD ["node", "server.js"]
