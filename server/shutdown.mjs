// Graceful shutdown for the production server: on SIGTERM (a deploy, a scale-down) readiness fails
// first, so the load balancer sends no more; then new connections stop, requests and uploads under
// way finish (up to a bound), and only then the database and Redis close.
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Counts `server`'s requests under way and, on SIGTERM or SIGINT, drains it and calls `close`.
 * `delayMs`: how long readiness fails before connections stop (the balancer's check interval);
 * `timeoutMs`: the longest wait for requests under way. A second signal exits at once.
 * Returns `isDraining()`, for the readiness check.
 */
export function drainOnSignals(server, { delayMs, timeoutMs, close }) {
	let draining = false;
	let inFlight = 0;
	let settled = () => {};
	// Before the site's own listener, so the header is set before any answer is written.
	server.prependListener('request', (req, res) => {
		inFlight += 1;
		// A kept-alive connection is closed after its answer, so the client reconnects elsewhere.
		if (draining) res.setHeader('Connection', 'close');
		res.on('close', () => {
			inFlight -= 1;
			if (inFlight === 0) settled();
		});
	});
	const requestsDone = () =>
		inFlight === 0 ? Promise.resolve() : new Promise((resolve) => (settled = resolve));

	const drain = async (signal) => {
		if (draining) {
			console.error(`${signal} again: stopping now.`);
			process.exit(1);
		}
		draining = true;
		console.log(`${signal}: not ready any more; finishing ${inFlight} request(s) under way.`);
		await sleep(delayMs);
		server.close();
		server.closeIdleConnections();
		const finished = await Promise.race([
			requestsDone().then(() => true),
			sleep(timeoutMs).then(() => false),
		]);
		if (!finished) console.warn(`Stopped waiting after ${timeoutMs} ms: ${inFlight} left.`);
		server.closeAllConnections();
		try {
			await close();
		} finally {
			process.exit(0);
		}
	};
	for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void drain(signal));
	return { isDraining: () => draining };
}
