// Finds the nginx and openssl the proxy journeys use (tests/e2e/support/tls-proxy.ts): NGINX_PATH,
// then the usual install locations and PATH.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

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
