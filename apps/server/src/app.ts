import { SESSION_EVICT_CHANNEL, SessionCache, registerSessionCache } from './plugins/session-cache';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyJwt from '@fastify/jwt';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_BASE_PATH, ROUTE_PATHS } from '@pos/core';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { makeCipher, type Cipher } from './lib/crypto';
import { ensureSecret } from './lib/secrets';
import { registerErrorHandler } from './plugins/errors';
import { clientErrorEnvelope, registerInputGuard } from './plugins/input-guard';
import { registerNativeOrigins } from './plugins/native-origins';
import { registerSecurityHeaders } from './plugins/security-headers';
import { configureJobLease } from './db/job-runs';
import { apiRoutes } from './routes';
import { setUpPush } from './modules/push/push';
import { NOT_FOUND_PAGE } from './lib/not-found-page';
import { registerObservability, requestId } from './ops/observability';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: Config;
    cipher: Cipher;
    sessionCache: SessionCache;
    /** The periodic jobs of this process (jobs/index.ts startJobs); stop() is a no-op without. */
    jobs: { stop(): Promise<void> };
  }
}

export interface AppOptions {
  database: Database;
  config: Config;
  /** Pino logger options, or false for none (tests). */
  logger?: boolean | object;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = await assemble(options);
  // Registered last, so app.close() runs it first of the app's own close hooks: after Fastify has
  // closed the listener (answering 503 to any new request on an open connection) and the requests
  // in flight have finished, and before the adapters close. The jobs' batch in hand finishes
  // while the database is still open.
  app.addHook('onClose', () => app.jobs.stop());
  return app;
}

async function assemble({ database, config, logger }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    // X-Forwarded-For is believed only from the proxies named in TRUSTED_PROXIES; with none,
    // request.ip is the connection's own address, whatever the headers claim.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: 12 * 1024 * 1024,
    // Request ids let a support person find one call in the log without exposing anything; a
    // balancer's X-Request-Id is kept so one id follows the call through every hop.
    requestIdHeader: false,
    genReqId: requestId,
    clientErrorHandler: clientErrorEnvelope,
    // Errors the router raises before any route runs (an address it cannot decode, a path
    // segment over the length limit) get the envelope like everything else.
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const status: number = tooLong ? 414 : 400;
      void (reply as unknown as FastifyReply).status(status).send({
        code: status,
        msg: tooLong ? '请求地址过长' : '请求地址格式错误',
        err: error.code,
      });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  configureJobLease(config.jobLeaseMs);
  app.decorate('db', database.db);
  app.decorate('database', database);
  app.decorate('config', config);
  app.decorate('cipher', makeCipher(config.dataKey));
  app.decorate('adminRouteTable', []);
  app.decorate('jobs', { stop: async () => undefined });
  // Sessions are remembered only while this process hears the database's evictions.
  const sessionCache = new SessionCache();
  app.decorate('sessionCache', sessionCache);
  const unregister = registerSessionCache(sessionCache);
  let unlisten: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    unlisten = await database.listen(
      SESSION_EVICT_CHANNEL,
      (message) => sessionCache.apply(message),
      (listening) => {
        sessionCache.clear();
        sessionCache.enabled = listening;
      },
    );
  });
  app.addHook('onClose', async () => {
    unregister();
    await unlisten?.();
  });
  registerErrorHandler(app);
  registerInputGuard(app);
  registerObservability(app, config.metricsToken);
  registerNativeOrigins(app, config.nativeOrigins);
  registerSecurityHeaders(app, [
    path.join(config.webDist, 'index.html'),
    path.join(config.consoleDist, 'index.html'),
  ]);

  const secret = config.jwtSecret || (await ensureSecret(database.db, 'jwt'));
  // An agent's verified tokens are remembered until they expire (plugins/auth.ts).
  await app.register(fastifyJwt, { secret, sign: { expiresIn: config.tokenTtlSeconds } });
  await app.register(fastifyMultipart, { limits: { fileSize: 8 * 1024 * 1024, files: 4 } });
  // Push notifications (decision 044), in every process: product events are made by jobs too.
  await setUpPush(app);

  // A jobs-only process answers health, readiness and metrics, and nothing else.
  if (config.serverRole === 'jobs') {
    app.setNotFoundHandler((_request, reply) =>
      reply.status(404).send({ code: 404, msg: '接口不存在', err: 'NOT_FOUND' }),
    );
    return app;
  }

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'POS agent app API', version: '1.1.2' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // Scan calls (/app/api/scan) carry the separate merchant token in a header named token.
          merchantToken: { type: 'apiKey', in: 'header', name: 'token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${API_BASE_PATH}/docs` });

  await app.register(apiRoutes, { prefix: API_BASE_PATH });
  await registerConsole(app, config.consoleDist);
  await registerWeb(app, config.webDist);
  return app;
}

/**
 * The operators' console under /admin/: its hashed assets as files, and every other /admin path
 * answered with its page shell, since the console routes in the browser (history mode).
 */
async function registerConsole(app: FastifyInstance, consoleDist: string) {
  const indexFile = path.join(consoleDist, 'index.html');
  if (existsSync(indexFile)) {
    await app.register(fastifyStatic, {
      root: path.join(consoleDist, 'assets'),
      prefix: '/admin/assets/',
      decorateReply: false,
      wildcard: false,
      preCompressed: true,
      setHeaders: (res) => {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  const shell = async (_request: unknown, reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (!existsSync(indexFile)) {
      return reply.send(
        '<!doctype html><meta charset="utf-8"><title>Console</title><p>Console not built: run npm run build.</p>',
      );
    }
    return reply.send(await readFile(indexFile, 'utf8'));
  };
  app.get('/admin', { schema: { hide: true } }, shell);
  app.get('/admin/*', { schema: { hide: true } }, shell);
}

/**
 * The built web app: its files as they are, every route of the product answered with the app,
 * and a real 404 page for any other path.
 */
async function registerWeb(app: FastifyInstance, webDist: string) {
  const indexFile = path.join(webDist, 'index.html');
  const hasWeb = existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      maxAge: '1h',
      // Brotli or gzip copies written at build time (scripts/precompress.mjs), by Accept-Encoding.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Hashed assets never change; the page shell must always be fresh.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (/^(index\.html|sw\.js|registerSW\.js)/.test(path.basename(filePath))) {
          // The shell and the service worker name the current assets: a new deployment must be
          // seen at once.
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }
  for (const routePath of ROUTE_PATHS) {
    app.get(routePath, { schema: { hide: true } }, async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      if (hasWeb) return reply.sendFile('index.html');
      return reply
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><meta charset="utf-8"><title>POS</title><p>Web app not built: run npm run build.</p>',
        );
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(`${API_BASE_PATH}/`) || request.method !== 'GET') {
      return reply.status(404).send({ code: 404, msg: '接口不存在', err: 'NOT_FOUND' });
    }
    return reply.status(404).type('text/html; charset=utf-8').send(NOT_FOUND_PAGE);
  });
}
