# One image for every Yoman process: docker-compose.yml and infra/k8s start each process of the distributed
# mode from it with its own command (services/<service>/dist/main.mjs --role api|projector|worker, the prepare
# job, the remotes' static servers), each compiled at build time (scripts/build-server.mjs), so no process
# compiles TypeScript when it starts. Its default command is the gateway with every module in one process
# (role `all`): PGlite in /data, or PostgreSQL with DATABASE_URL and SESSION_SECRET.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY ui/package.json ui/
COPY shell/package.json shell/
COPY mfe-journal/package.json mfe-journal/
COPY mfe-leagues/package.json mfe-leagues/
COPY mfe-mentor/package.json mfe-mentor/
COPY services/platform/package.json services/platform/
COPY services/gateway/package.json services/gateway/
COPY services/trade/package.json services/trade/
COPY services/market/package.json services/market/
RUN npm ci --no-audit --no-fund
COPY . .
# Exit 2 = built, but the /auth download is over its size budget (reported, not fatal).
RUN node scripts/build.mjs || [ "$?" -eq 2 ]
RUN node scripts/build-server.mjs
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
EXPOSE 3000
CMD ["node", "--enable-source-maps", "--max-semi-space-size=4", "--max-old-space-size=256", "--no-liftoff", "services/gateway/dist/main.mjs"]
