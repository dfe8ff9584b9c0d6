import { CALLER_HEADER, type DeclaredRoute, type Platform, signCaller, unavailable } from '@yoman/platform';
import type { FastifyPluginAsync, FastifyRequest, RawServerBase, RequestGenericInterface } from 'fastify';

export interface ServiceProxyOptions {
  /** The calls the service serves, from the contracts' route table (id, method, path, access). */
  routes: readonly DeclaredRoute[];
  /** The service's API process (`http://trade-api:3010`). */
  upstream: string;
  /** INTERNAL_SECRET, which signs the caller header. */
  secret: string;
}

/** Request headers the service must not see from the browser: the gateway vouches for the caller instead. */
const CLIENT_ONLY_HEADERS = [CALLER_HEADER, 'cookie', 'origin'];

const fastifyPathOf = (openApiPath: string) => openApiPath.replace(/\{(\w+)\}/g, ':$1');

/** The signed caller header of a request: identity only (user, role, organisation), or a signed "nobody". */
function callerHeader(request: FastifyRequest, options: ServiceProxyOptions, platform: Platform) {
  return signCaller(request.caller ?? null, options.secret, platform.clock.now());
}

/**
 * Serves a service's /api calls from the service's API process: one route per call of the contracts' table,
 * so the app's one access check covers them (401/403 before anything leaves the gateway); each goes out with
 * the signed caller, and its body streams through unparsed (uploads included).
 */
export function serviceProxy(options: ServiceProxyOptions): FastifyPluginAsync {
  return async (app) => {
    const { platform } = app;
    // Loaded here, not at start: only the distributed gateway proxies (the embedded process never does).
    const { default: replyFrom } = await import('@fastify/reply-from');
    // destroyAgent: the gateway's close also closes its connections to the service (reply-from keeps them
    // open otherwise, and a service closing behind them waited for them).
    await app.register(replyFrom, {
      base: options.upstream,
      disableRequestLogging: true,
      destroyAgent: true,
    });
    // Bodies pass through as the client sent them; the service parses and validates them itself.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    for (const route of options.routes) {
      app.route<RequestGenericInterface, RawServerBase>({
        method: route.method as 'GET',
        url: fastifyPathOf(route.path),
        // Described by the service's own API document, which has the schemas.
        schema: { hide: true },
        handler: async (request, reply) => {
          const signed = callerHeader(request, options, platform);
          return reply.from(request.url, {
            rewriteRequestHeaders: (_original, headers) => {
              const forwarded = { ...headers };
              for (const name of CLIENT_ONLY_HEADERS) delete forwarded[name];
              forwarded[CALLER_HEADER] = signed;
              forwarded['x-request-id'] = request.id;
              return forwarded;
            },
            // The service not answering is a moment's outage for the person, not a server fault of theirs.
            // A client that left mid-body breaks the request too: that is the client's leaving, and the one
            // error handler logs it as such.
            onError: (failed, { error }) => {
              if (failed.request.raw.socket?.destroyed) {
                failed.send(error);
                return;
              }
              failed.request.log.warn(
                { err: error, upstream: options.upstream },
                'the service did not answer',
              );
              failed.send(unavailable());
            },
          });
        },
      });
    }
  };
}
