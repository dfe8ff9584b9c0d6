import httpProxy from '@fastify/http-proxy';
import {
  CALLER_HEADER,
  type Caller,
  type Platform,
  requireCaller,
  signCaller,
  unavailable,
  type YomanModule,
} from '@yoman/platform';
import type { FastifyPluginAsync } from 'fastify';
import { apiUrlsOf } from './module-routes';

/** What the gateway adds about a caller for one service beyond the session (the trade context). */
export type CallerContextOf = (
  caller: Caller,
  platform: Platform,
) => Promise<Readonly<Record<string, unknown>>>;

export interface ServiceProxyOptions {
  /** The modules the service runs; their routes are the paths proxied. */
  modules: readonly YomanModule[];
  /** The service's API process (`http://trade-api:3010`). */
  upstream: string;
  /** INTERNAL_SECRET, which signs the caller header. */
  secret: string;
  contextOf?: CallerContextOf;
}

/** Request headers the service must not see from the browser: the gateway vouches for the caller instead. */
const CLIENT_ONLY_HEADERS = [CALLER_HEADER, 'cookie', 'origin'];

/**
 * Serves a module's /api paths from the service that runs it: each request needs a session (401 otherwise,
 * as the module's own routes would answer), goes out with the signed caller and its context, and its body
 * streams through unparsed (uploads included). Registered unwrapped, so its pass-through body parsers stay
 * inside this scope.
 */
export function serviceProxy(options: ServiceProxyOptions): FastifyPluginAsync {
  return async (app) => {
    const { platform } = app;
    const routes = new Set<string>();
    for (const module of options.modules) {
      for (const url of await apiUrlsOf(module, platform)) routes.add(url);
    }
    const signedCallers = new WeakMap<object, string>();
    // Schemaless stand-ins would describe nothing; the service's own API description has the real ones.
    app.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    app.addHook('preHandler', async (request) => {
      const caller = requireCaller(request);
      const context = options.contextOf ? await options.contextOf(caller, platform) : undefined;
      const vouched: Caller = context === undefined ? caller : { ...caller, context };
      signedCallers.set(request, signCaller(vouched, options.secret, platform.clock.now()));
    });
    await app.register(httpProxy, {
      upstream: options.upstream,
      routes: [...routes],
      disableRequestLogging: true,
      replyOptions: {
        rewriteRequestHeaders: (request, headers) => {
          const forwarded = { ...headers };
          for (const name of CLIENT_ONLY_HEADERS) delete forwarded[name];
          const signed = signedCallers.get(request);
          if (signed) forwarded[CALLER_HEADER] = signed;
          forwarded['x-request-id'] = request.id;
          return forwarded;
        },
        // The service not answering is a moment's outage for the person, not a server fault of theirs.
        onError: (reply, { error }) => {
          reply.request.log.warn({ err: error, upstream: options.upstream }, 'the service did not answer');
          reply.send(unavailable());
        },
      },
    });
  };
}
