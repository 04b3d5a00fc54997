// Finds the nginx and openssl the proxy journeys use (tests/e2e/support/tls-proxy.ts,
// tests/scale/many-instances.test.ts): NGINX_PATH, then the usual install locations and PATH; and
// makes their certificate and configuration.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The path of a command on PATH, or `undefined`. */
function onPath(command) {
	const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
	return found.status === 0 ? found.stdout.trim() || undefined : undefined;
}

/** The path of nginx, or `undefined` when none is installed. */
export function findNginx() {
	const candidates = [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/local/sbin/nginx'];
	return candidates.find((candidate) => candidate && existsSync(candidate)) ?? onPath('nginx');
}

/** The path of openssl, which makes the proxy's certificate, or `undefined`. */
export function findOpenssl() {
	return ['/usr/bin/openssl'].find((candidate) => existsSync(candidate)) ?? onPath('openssl');
}

/**
 * Writes a self-signed certificate for 127.0.0.1 into `dir` (`cert.pem`, `key.pem`), for a proxy
 * started by the tests; the server trusts it through NODE_EXTRA_CA_CERTS.
 */
export function makeCertificate(dir) {
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

/**
 * The README's proxy settings for nginx in `dir`, on https://127.0.0.1:`port` in front of the
 * servers on `upstreams` (ports), taken in turn. `$http_host` since the test's address carries a
 * port. A server that refuses connections or fails is left out for 10 s, and a request it did not
 * answer goes to the next one, except a write (POST, PATCH…) already sent: nginx never replays
 * those, since the first server may have done it.
 * @param {{ dir: string, port: number | string, upstreams: (number | string)[] }} options
 */
export function proxyConfiguration({ dir, port, upstreams }) {
	const temp = (name) => `${name}_temp_path ${join(dir, name)};`;
	const servers = upstreams.map(
		(upstream) => `server 127.0.0.1:${upstream} max_fails=1 fail_timeout=10s;`,
	);
	return `daemon off;
master_process off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 512; }
http {
	access_log off;
	${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n\t')}
	client_max_body_size 30m;
	upstream hibahin {
		${servers.join('\n\t\t')}
	}
	server {
		listen 127.0.0.1:${port} ssl;
		ssl_certificate ${join(dir, 'cert.pem')};
		ssl_certificate_key ${join(dir, 'key.pem')};
		location / {
			proxy_pass http://hibahin;
			proxy_http_version 1.1;
			proxy_next_upstream error timeout http_502 http_503;
			proxy_connect_timeout 5s;
			proxy_set_header Host $http_host;
			proxy_set_header X-Forwarded-Proto $scheme;
			proxy_set_header X-Forwarded-Host $http_host;
			proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
		}
	}
}
`;
}

/**
 * Starts nginx in the foreground with `configuration` written to `dir`/nginx.conf; the returned
 * process ends nginx when killed.
 * @param {string} dir
 * @param {string} configuration
 * @param {import('node:child_process').StdioOptions} [stdio]
 */
export function runNginx(dir, configuration, stdio = 'inherit') {
	const nginx = findNginx();
	if (!nginx) throw new Error('nginx is missing: run `node scripts/ensure-nginx.mjs`');
	const conf = join(dir, 'nginx.conf');
	writeFileSync(conf, configuration);
	return spawn(nginx, ['-p', dir, '-e', join(dir, 'error.log'), '-c', conf], { stdio });
}
