// The load balancer of the mixed-load benchmark: Debian's nginx (scripts/nginx.mjs), plain HTTP,
// round-robin over the app processes with kept-alive upstream connections.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findNginx } from '../nginx.mjs';

/** @param {string} dir @param {string} host @param {number} port @param {string[]} upstreams */
function configuration(dir, host, port, upstreams) {
	const temp = (name) => `${name}_temp_path ${path.join(dir, name)};`;
	return `daemon off;
master_process off;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
	access_log off;
	${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n\t')}
	upstream app {
		${upstreams.map((upstream) => `server ${upstream};`).join('\n\t\t')}
		keepalive 64;
	}
	server {
		listen ${host}:${port};
		location / {
			proxy_pass http://app;
			proxy_http_version 1.1;
			proxy_set_header Connection "";
			proxy_set_header Host $http_host;
			proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
		}
	}
}
`;
}

/**
 * Starts nginx on `host:port` in front of `upstreams` (`host:port` each); `track` gets its stop.
 * @param {{ host: string, port: number, upstreams: string[],
 *   track: (stop: () => Promise<void>) => void }} options
 */
export async function startBalancer({ host, port, upstreams, track }) {
	const nginx = findNginx();
	if (!nginx) throw new Error('nginx is missing: run `node scripts/ensure-nginx.mjs`');
	const dir = await mkdtemp(path.join(tmpdir(), 'hibahin-bench-nginx-'));
	track(() => rm(dir, { recursive: true, force: true }));
	const conf = path.join(dir, 'nginx.conf');
	await writeFile(conf, configuration(dir, host, port, upstreams));
	const child = spawn(nginx, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf], {
		stdio: ['ignore', 'inherit', 'inherit'],
	});
	track(
		() =>
			new Promise((resolve) => {
				if (child.exitCode !== null) return resolve();
				child.once('exit', () => resolve());
				child.kill('SIGTERM');
			}),
	);
	const baseUrl = `http://${host}:${port}`;
	for (let attempt = 0; attempt < 100; attempt++) {
		if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
		const ready = await fetch(`${baseUrl}/api/items?limit=1`).then(
			(response) => response.ok,
			() => false,
		);
		if (ready) return { baseUrl };
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	throw new Error('nginx did not answer');
}
