/**
 * The visitor's network address, for per-visitor limits. Behind a trusted proxy
 * (`TRUST_PROXY=true`) every connection is the proxy's, and the visitor is the address the proxy
 * appended to `X-Forwarded-For`: its last entry, since the entries before it are whatever the
 * client sent. Otherwise the connection's own address.
 */
export function visitorAddress(
	request: { clientAddress: string | undefined; headers: Headers },
	trustProxy: boolean,
): string {
	if (trustProxy) {
		const appended = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
		if (appended) return appended;
	}
	return request.clientAddress ?? 'local';
}
