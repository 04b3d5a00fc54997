/**
 * Where the started server can be opened, said once it listens: only addresses it listens on.
 */
import type { ServerConfig } from '~/server/config';

const loopbackOrigin = /^http:\/\/(?:localhost|127\.0\.0\.1|\[::1\]):/;
const loopbackHost = /^(?:localhost|127(?:\.\d{1,3}){3}|::1|\[::1\])$/;

/**
 * The addresses a server bound to `host` answers on: on the wildcard (`0.0.0.0`, IPv4 only, or
 * `::`, both) this machine's others too, taken from the site's origins; on a loopback address,
 * this machine alone; on any other address, that address alone.
 */
export function listeningAddresses(
	origins: string[],
	host: string,
	port: number,
): { local: string; network: string[] } {
	const local = `http://localhost:${port}`;
	if (host === '0.0.0.0' || host === '::' || host === '[::]') {
		const network = origins
			.slice(1)
			.filter((origin) => !loopbackOrigin.test(origin))
			.filter((origin) => host !== '0.0.0.0' || !new URL(origin).hostname.startsWith('['));
		return { local, network };
	}
	if (loopbackHost.test(host)) return { local, network: [] };
	const bare = host.replace(/^\[|\]$/g, '');
	return { local: `http://${bare.includes(':') ? `[${bare}]` : bare}:${port}`, network: [] };
}

/** What to print once the server listens on `host` and `port`: where to open the site. */
export function listeningMessage(config: ServerConfig, host: string, port: number): string {
	const { local, network } = listeningAddresses(config.origins, host, port);
	const lines = [`Hibahin is running on ${local}`];
	// Without PUBLIC_URL, the public address is localhost's, said already or not listened on.
	const publicUrl = config.publicUrl === `http://localhost:${port}` ? local : config.publicUrl;
	if (publicUrl !== local) lines.push(`  public address: ${publicUrl}`);
	// A phone on the same network can open the site at the machine's other addresses.
	if (network.length > 0) lines.push(`  on this network: ${network.join(', ')}`);
	return lines.join('\n');
}
