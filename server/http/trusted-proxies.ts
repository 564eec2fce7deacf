import type { TrustProxy } from '../config';

/** How far proxy-addr may walk back through X-Forwarded-For: peer `hop` 0 is the connection. */
type TrustFunction = (address: string, hop: number) => boolean;

/**
 * Fastify's `trustProxy` for the TRUST_PROXY setting. A hop count becomes a function because
 * Fastify 5.12 takes a plain number as "trust no one" (it cannot tell the proxy from a client that
 * connects directly); the count is kept for installations whose server only the proxies reach.
 */
export function fastifyTrustProxy(setting: TrustProxy): false | string[] | TrustFunction {
  switch (setting.kind) {
    case 'none':
      return false;
    case 'hops':
      return (_address, hop) => hop < setting.hops;
    case 'addresses':
      return setting.addresses;
  }
}
