/**
 * A TLS-terminating reverse proxy for the journeys behind a proxy (`playwright.proxy.config.ts`):
 * Debian's nginx with a self-signed certificate for 127.0.0.1, set up as the README says.
 *   node tests/e2e/support/tls-proxy.ts certificate <dir>
 *     writes <dir>/cert.pem and <dir>/key.pem (the server trusts cert.pem: NODE_EXTRA_CA_CERTS)
 *   node tests/e2e/support/tls-proxy.ts serve <dir> <port> <upstream port>
 *     runs nginx in the foreground on https://127.0.0.1:<port>, in front of the upstream
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findNginx, findOpenssl } from '../../../scripts/nginx.mjs';

function certificate(dir: string): void {
	mkdirSync(dir, { recursive: true });
	const openssl = findOpenssl();
	if (!openssl) throw new Error('openssl is missing: run `node scripts/ensure-nginx.mjs`');
	const made = spawnSync(
		openssl,
		[
			...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
			...['-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
			...['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
		],
		{ encoding: 'utf8' },
	);
	// openssl draws progress on stderr: shown only when it failed.
	if (made.status !== 0) throw new Error(`openssl could not make the certificate:\n${made.stderr}`);
}

/** The README's proxy settings, with `$http_host` since the test's address carries a port. */
function configuration(dir: string, port: string, upstream: string): string {
	const temp = (name: string) => `${name}_temp_path ${join(dir, name)};`;
	return `daemon off;
master_process off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 256; }
http {
	access_log off;
	${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n\t')}
	client_max_body_size 30m;
	server {
		listen 127.0.0.1:${port} ssl;
		ssl_certificate ${join(dir, 'cert.pem')};
		ssl_certificate_key ${join(dir, 'key.pem')};
		location / {
			proxy_pass http://127.0.0.1:${upstream};
			proxy_http_version 1.1;
			proxy_set_header Host $http_host;
			proxy_set_header X-Forwarded-Proto $scheme;
			proxy_set_header X-Forwarded-Host $http_host;
			proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
		}
	}
}
`;
}

function serve(dir: string, port: string, upstream: string): void {
	const nginx = findNginx();
	if (!nginx) throw new Error('nginx is missing: run `node scripts/ensure-nginx.mjs`');
	const conf = join(dir, 'nginx.conf');
	writeFileSync(conf, configuration(dir, port, upstream));
	const child = spawn(nginx, ['-p', dir, '-e', join(dir, 'error.log'), '-c', conf], {
		stdio: 'inherit',
	});
	for (const signal of ['SIGINT', 'SIGTERM'] as const) {
		process.on(signal, () => child.kill(signal));
	}
	child.on('exit', (code) => process.exit(code ?? 0));
}

const [command, dir, port, upstream] = process.argv.slice(2);
if (command === 'certificate' && dir) certificate(dir);
else if (command === 'serve' && dir && port && upstream) serve(dir, port, upstream);
else {
	console.error('usage: tls-proxy.ts certificate <dir> | serve <dir> <port> <upstream port>');
	process.exit(2);
}
