import type { FastifyInstance } from 'fastify';

/**
 * The native shells load the app from the device (capacitor://localhost on iOS,
 * https://localhost on Android) and call the API across origins. Those origins, and only those,
 * get CORS answers; the API authenticates with a bearer token, never a cookie, so allowing them
 * exposes nothing a page on another site could use.
 */
export function registerNativeOrigins(app: FastifyInstance, origins: string[]) {
  const allowed = new Set(origins);
  // Callback-style hooks here and in the other per-request hooks: an async one costs every
  // request a promise, and these run on every call (issue 12).
  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin)) return done();
    reply.header('access-control-allow-origin', origin);
    reply.header('vary', 'Origin');
    if (request.method === 'OPTIONS') {
      reply.header('access-control-allow-methods', 'GET, POST, PUT, DELETE');
      reply.header(
        'access-control-allow-headers',
        request.headers['access-control-request-headers'] ?? 'authorization, content-type',
      );
      reply.header('access-control-max-age', '600');
      // Answered here: the route never runs, so done is not called.
      reply.code(204).send();
      return;
    }
    done();
  });
}
