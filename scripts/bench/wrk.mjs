// wrk, the API's load generator where it can be had: found or installed, given a Lua script that
// sends the load's requests with a browser's headers, and its figures read back as a run of the
// shape load-figures.mjs describes.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { connections, requestHeaders, requestTimeoutMs } from './api-settings.mjs';

/** Whether a command is on the PATH. */
function onPath(command) {
	return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/**
 * The wrk command, installed through apt-get when missing and running as root (Debian's `wrk`
 * package), or `undefined` when it cannot be had.
 * @param {(line?: string) => void} log
 */
export function findWrk(log) {
	if (onPath('wrk')) return 'wrk';
	if (process.getuid?.() === 0 && onPath('apt-get')) {
		log('  installing wrk (apt-get install wrk)…');
		const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
		spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
		spawnSync('apt-get', ['install', '-y', '-qq', 'wrk'], { stdio: 'ignore', env });
		if (onPath('wrk')) return 'wrk';
	}
	log('  !! wrk is not installed (apt-get install wrk): autocannon loads the API instead');
	return undefined;
}

/** Where a random item id goes when a load names no other path for it. */
export const itemApiPrefix = '/api/items/';

/** A Lua string literal of ASCII text (JSON's escapes for it are Lua's too). */
const luaString = (text) => JSON.stringify(text);

/** How many latencies a wrk run reports, at evenly spaced shares of its answers. */
const quantileCount = 1_000;

/**
 * The wrk script of a load: each request takes the next of `paths` in turn, or a random item id
 * in the range after one of `idPrefixes` (the item API's path unless told), with a browser's
 * headers and the load's own (a session cookie, say); at the end it prints wrk's figures as one
 * line of JSON, its latencies as `quantileCount` quantiles (wrk keeps a histogram, not the
 * answers).
 * @param {({ paths: string[] } | { range: { minId: number, maxId: number },
 *   idPrefixes?: string[] }) & { headers?: Record<string, string> }} load
 */
export function wrkScript(load) {
	const headers = Object.entries({ ...requestHeaders, ...load.headers })
		.map(([name, value]) => `[${luaString(name)}] = ${luaString(value)}`)
		.join(', ');
	const next =
		'paths' in load
			? `local paths = { ${load.paths.map(luaString).join(', ')} }
local sent = 0
local function nextPath()
	sent = sent + 1
	return paths[(sent - 1) % #paths + 1]
end`
			: `math.randomseed(os.time())
local prefixes = { ${(load.idPrefixes ?? [itemApiPrefix]).map(luaString).join(', ')} }
local function nextPath()
	return prefixes[math.random(#prefixes)] .. math.random(${load.range.minId}, ${load.range.maxId})
end`;
	return `${next}
local headers = { ${headers} }
request = function()
	return wrk.format("GET", nextPath(), headers)
end
done = function(summary, latency)
	local e = summary.errors
	local quantiles = {}
	for i = 1, ${quantileCount} do
		quantiles[i] = latency:percentile((i - 0.5) * 100 / ${quantileCount})
	end
	io.write(string.format(
		'{"requests":%d,"microseconds":%d,"errors":%d,"statusErrors":%d,"max":%d,"quantiles":[%s]}\\n',
		summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, e.status,
		latency.max, table.concat(quantiles, ",")))
end
`;
}

/**
 * Runs wrk for `seconds` with `connections` keep-alive connections on one thread, each sending
 * its next request as soon as its last one is answered (a closed loop, as in autocannon). wrk
 * keeps one latency histogram, so there are no figures per search word. wrk counts every answer
 * of status 400 or more as an error; a load of a page that is missing on purpose expects its
 * 404 (`expectedStatus`), and only failed connections count then.
 * @param {string} wrk
 * @param {string} baseUrl
 * @param {string} scriptPath
 * @param {number} seconds
 * @param {number} [expectedStatus]
 */
export async function wrkRun(wrk, baseUrl, scriptPath, seconds, expectedStatus = 200) {
	const child = spawn(
		wrk,
		[
			'-t1',
			`-c${connections}`,
			`-d${seconds}s`,
			`--timeout`,
			`${requestTimeoutMs / 1_000}s`,
			'-s',
			scriptPath,
			baseUrl,
		],
		{ stdio: ['ignore', 'pipe', 'pipe'] },
	);
	let output = '';
	child.stdout.on('data', (chunk) => (output += chunk));
	child.stderr.on('data', (chunk) => (output += chunk));
	const [code] = await once(child, 'exit');
	const line = output.split('\n').find((text) => text.startsWith('{"requests"'));
	if (code !== 0 || !line) throw new Error(`wrk failed (exit code ${code}):\n${output}`);
	const figures = JSON.parse(line);
	const statusErrors = expectedStatus >= 400 ? 0 : figures.statusErrors;
	const answered = figures.requests - statusErrors;
	const errors = figures.errors + statusErrors;
	const ms = (microseconds) => microseconds / 1_000;
	return {
		requests: answered,
		errors,
		seconds: figures.microseconds / 1e6,
		latencies: {
			values: figures.quantiles.map(ms),
			weight: figures.requests / figures.quantiles.length,
			max: ms(figures.max),
		},
		byLabel: {},
		errorSamples:
			errors > 0 ? [`${errors} requests failed or were answered with a status of 400 or more`] : [],
	};
}
