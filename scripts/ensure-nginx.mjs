// Makes sure nginx and openssl exist for the journeys behind a TLS-terminating proxy
// (the `behind-proxy` project of playwright.config.ts): Debian's packages through apt-get when running as root;
// otherwise it stops and says what to install.
import { spawnSync } from 'node:child_process';
import { findNginx, findOpenssl } from './nginx.mjs';

function ensureNginx() {
	if (findNginx() && findOpenssl()) return findNginx();

	console.log('nginx or openssl is missing; installing them for the proxy journeys.');
	const isRoot = process.getuid?.() === 0;
	const hasApt = spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
	if (isRoot && hasApt) {
		const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
		spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
		spawnSync('apt-get', ['install', '-y', '-qq', 'nginx', 'openssl'], { stdio: 'inherit', env });
		if (findNginx() && findOpenssl()) return findNginx();
	}

	console.error(
		[
			'',
			'The proxy journeys need nginx and openssl, and they could not be installed automatically.',
			'Install them, then run the tests again:',
			'  - Debian/Ubuntu:  sudo apt-get install nginx openssl',
			'  - or point NGINX_PATH at an nginx binary.',
		].join('\n'),
	);
	process.exit(1);
}

console.log(`nginx for the proxy journeys: ${ensureNginx()}`);
