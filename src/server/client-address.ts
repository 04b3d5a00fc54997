import type { ServerConfig } from './config';

/** What decides whose address a request carries. */
export type ProxyTrust = Pick<ServerConfig, 'trustProxy' | 'trustProxyHops'>;

/**
 * The visitor's address, for rate limits and human checks. Behind trusted proxies
 * (`TRUST_PROXY=true`) it is the address the first of them saw connect. Proxies append to
 * `X-Forwarded-For`, so the entries left of theirs are whatever the visitor sent: with
 * `TRUST_PROXY_HOPS` proxies in a row it is that many entries from the right. Otherwise it is
 * the connection's own address; `undefined` when neither is known.
 */
export function clientAddress(
	headers: Headers,
	socketAddress: string | undefined,
	config: ProxyTrust,
): string | undefined {
	if (config.trustProxy) {
		const entries = (headers.get('x-forwarded-for') ?? '')
			.split(',')
			.map((entry) => entry.trim())
			.filter(Boolean);
		// Fewer entries than proxies (one of them sets the header instead): the furthest one known.
		const added = entries[Math.max(0, entries.length - config.trustProxyHops)];
		if (added) return added;
	}
	return socketAddress || undefined;
}
