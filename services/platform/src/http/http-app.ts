import swagger from '@fastify/swagger';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyPluginAsync,
  LogController,
} from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestIdOf } from '../logging/logger';
import type { YomanModule } from '../module';
import type { Platform } from '../platform';
import { forbidStoringPersonalAnswers } from './cache-control';
import { refuseRequestsWhileClosing } from './closing';
import { handleError } from './error-handler';
import { withErrorAnswers } from './error-statuses';
import { healthRoutes } from './health';
import { refuseMalformedText } from './json-body';
import { answerUnservedMethods } from './method-not-allowed';
import { responseSerializerCompiler } from './response-serializer';
import {
  accessTableOf,
  checkRouteAccess,
  type DeclaredRoute,
  declaredRoutesOf,
  declareRouteAccess,
} from './route-access';
import { refuseCrossOriginWrites } from './same-origin';
import { addSecurityHeaders } from './security-headers';

export interface HttpAppOptions {
  platform: Platform;
  modules: readonly YomanModule[];
  /** Registered at the root before any module's routes (e.g. the session plugin, wrapped in fastify-plugin). */
  plugins?: readonly FastifyPluginAsync[];
  /** Calls served beside the modules' own (the gateway's proxies to other services), with their access. */
  declaredRoutes?: readonly DeclaredRoute[];
  /** Largest JSON body accepted, in bytes (default 1 MiB); a route may set its own `bodyLimit`. */
  bodyLimit?: number;
  /** Remote name → manifest URL of remotes deployed elsewhere (the gateway's `REMOTES_MANIFEST`). */
  remotesManifest?: Readonly<Record<string, string>>;
}

/** Longer than any URL Node accepts (its request line and headers share 16 KiB), so no parameter is cut off by the router. */
const MAX_PARAM_LENGTH = 16 * 1024;

/** The OpenAPI document's address. */
export const OPENAPI_PATH = '/api/openapi.json';

/**
 * The Fastify app every Yoman process serves: zod validation, serialisers compiled from the zod contracts,
 * security headers, request ids, one error handler, same-origin writes, module routes under `/api` with JSON
 * 404s (405s for a method a path does not serve), and an OpenAPI 3.1 document generated from the route schemas,
 * every error status of every operation declared from its row in the route table. The caller may add more
 * (static files) before `ready()`.
 */
export async function createHttpApp(options: HttpAppOptions): Promise<FastifyInstance> {
  const { platform } = options;
  // Validation messages reach people; Yoman's people read Hebrew.
  z.config(z.locales.he());
  const app = Fastify({
    loggerInstance: platform.logger as FastifyBaseLogger,
    genReqId: requestIdOf,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    // Refused in the house shape instead (refuseRequestsWhileClosing).
    return503OnClosing: false,
    // An over-long path parameter reaches its route, whose schema refuses it with 400 naming the parameter.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Bad URL encodings and the like, answered before any route: in the house shape too.
    frameworkErrors: handleError,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Outside production every answer is also written by zod and compared (response-serializer.ts).
  app.setSerializerCompiler(
    responseSerializerCompiler({ checked: platform.config.nodeEnv !== 'production' }),
  );
  app.setErrorHandler(handleError);
  refuseRequestsWhileClosing(app);
  // State changes travel as JSON only; a text/plain body is how a cross-site form would try it.
  app.removeContentTypeParser('text/plain');
  refuseMalformedText(app);
  app.decorate('platform', platform);
  declareRouteAccess(app, accessTableOf(options.modules, options.declaredRoutes));
  const answerNotServed = answerUnservedMethods(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onRequest', refuseCrossOriginWrites);
  addSecurityHeaders(app, {
    contentSecurityPolicy: { directives: contentSecurityPolicy(options.remotesManifest) },
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Yoman API', version: '1.0.0', description: 'יומן — the trading journal API' },
    },
    transform: (document) =>
      document.url.startsWith('/api/')
        ? jsonSchemaTransform(document)
        : { schema: { hide: true }, url: document.url },
    transformObject: (input) =>
      withErrorAnswers(
        jsonSchemaTransformObject(input),
        declaredRoutesOf(options.modules, options.declaredRoutes),
      ),
  });
  await healthRoutes(app);
  for (const plugin of options.plugins ?? []) await app.register(plugin);
  // After the plugins that find the caller (the session, the gateway's signed header): access is checked once.
  app.addHook('onRequest', checkRouteAccess);
  // After the plugins' own onSend hooks, so the cookies they write are seen.
  app.addHook('onSend', forbidStoringPersonalAnswers);
  await app.register(
    async (api) => {
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      for (const module of options.modules) {
        if (module.routes) await api.register(module.routes);
      }
      api.setNotFoundHandler(answerNotServed);
    },
    { prefix: '/api' },
  );
  return app;
}

/** Self only; the origins of remotes deployed elsewhere (REMOTES_MANIFEST) are the one exception. */
function contentSecurityPolicy(remotesManifest: Readonly<Record<string, string>> = {}) {
  const remoteOrigins = Object.values(remotesManifest).flatMap((url) => {
    try {
      return [new URL(url).origin];
    } catch {
      return [];
    }
  });
  const self = ["'self'", ...new Set(remoteOrigins)];
  return {
    defaultSrc: ["'self'"],
    // WebAssembly compilation only (the PDF report's layout engine, yoga); never 'unsafe-eval' for scripts.
    scriptSrc: [...self, "'wasm-unsafe-eval'"],
    connectSrc: self,
    // styled-components writes <style> elements at run time.
    styleSrc: [...self, "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: [...self, 'data:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    upgradeInsecureRequests: null,
  };
}
