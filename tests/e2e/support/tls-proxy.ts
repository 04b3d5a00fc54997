/**
 * A TLS-terminating reverse proxy for the `behind-proxy` journeys (`playwright.config.ts`):
 * Debian's nginx with a self-signed certificate for 127.0.0.1, set up as the README says.
 *   node tests/e2e/support/tls-proxy.ts certificate <dir>
 *     writes <dir>/cert.pem and <dir>/key.pem (the server trusts cert.pem: NODE_EXTRA_CA_CERTS)
 *   node tests/e2e/support/tls-proxy.ts serve <dir> <port> <upstream port>
 *     runs nginx in the foreground on https://127.0.0.1:<port>, in front of the upstream
 */
import { makeCertificate, proxyConfiguration, runNginx } from '../../../scripts/nginx.mjs';

function serve(dir: string, port: string, upstream: string): void {
	const child = runNginx(dir, proxyConfiguration({ dir, port, upstreams: [upstream] }));
	for (const signal of ['SIGINT', 'SIGTERM'] as const) {
		process.on(signal, () => child.kill(signal));
	}
	child.on('exit', (code) => process.exit(code ?? 0));
}

const [command, dir, port, upstream] = process.argv.slice(2);
if (command === 'certificate' && dir) makeCertificate(dir);
else if (command === 'serve' && dir && port && upstream) serve(dir, port, upstream);
else {
	console.error('usage: tls-proxy.ts certificate <dir> | serve <dir> <port> <upstream port>');
	process.exit(2);
}
