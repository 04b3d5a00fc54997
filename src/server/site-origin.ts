import type { ProxyTrust } from './client-address';
import type { ServerConfig } from './config';

type OriginConfig = ProxyTrust & Pick<ServerConfig, 'publicUrl' | 'origins'>;

function firstEntry(value: string | null): string | undefined {
	return value?.split(',')[0]?.trim() || undefined;
}

/**
 * The origin the visitor's browser is on. Behind a trusted proxy that is the scheme and host
 * the proxy forwarded (`X-Forwarded-Proto`, `X-Forwarded-Host`); otherwise the connection's own
 * (`url`, as the server built it from the `Host` header). `null` for a malformed host.
 */
export function requestOrigin(headers: Headers, url: URL, config: ProxyTrust): string | null {
	const forwardedProtocol = config.trustProxy
		? firstEntry(headers.get('x-forwarded-proto'))
		: undefined;
	const forwardedHost = config.trustProxy ? firstEntry(headers.get('x-forwarded-host')) : undefined;
	const protocol = forwardedProtocol?.toLowerCase() ?? url.protocol.slice(0, -1);
	const host = forwardedHost ?? url.host;
	if ((protocol !== 'http' && protocol !== 'https') || !/^[\w.:[\]-]+$/.test(host)) return null;
	const origin = `${protocol}://${host}`;
	return URL.canParse(origin) ? new URL(origin).origin : null;
}

/** The site's origin the visitor is on: the request's own when the site answers there. */
export function visitorOrigin(headers: Headers, url: URL, config: OriginConfig): string {
	const origin = requestOrigin(headers, url, config);
	return origin && config.origins.includes(origin) ? origin : new URL(config.publicUrl).origin;
}

/**
 * Where a request that reached the site by another host goes: the same path on the public
 * origin, before any sign-in starts there (its cookies would belong to the other host). `null`
 * when the site answers on the request's origin.
 */
export function otherHostRedirect(headers: Headers, url: URL, config: OriginConfig): string | null {
	const origin = requestOrigin(headers, url, config);
	if (origin && config.origins.includes(origin)) return null;
	// Joined, not resolved: a path like `//elsewhere.example` stays a path of the site.
	return `${new URL(config.publicUrl).origin}${url.pathname}${url.search}`;
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a state-changing request was sent by a page of another site: its `Origin` is neither
 * the origin the visitor is on nor the public one, or the browser marked it cross-site.
 * `originRequired` refuses a write without `Origin` (page forms, which browsers always send
 * with one; API clients outside a browser send none).
 */
export function isCrossSiteWrite(
	request: { method: string; headers: Headers; url: string },
	config: OriginConfig,
	{ originRequired }: { originRequired: boolean },
): boolean {
	if (safeMethods.has(request.method)) return false;
	const site = request.headers.get('sec-fetch-site');
	if (site === 'cross-site' || site === 'same-site') return true;
	const origin = request.headers.get('origin');
	if (origin === null) return originRequired;
	const own = requestOrigin(request.headers, new URL(request.url), config);
	return origin !== own && origin !== new URL(config.publicUrl).origin;
}
