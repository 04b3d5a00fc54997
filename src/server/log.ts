import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino from 'pino';
import { routeOf } from './metrics';

/**
 * The process's log: one JSON object per line (pino), for a log collector. Entries name routes,
 * statuses, durations and request ids, never addresses, cookies, query strings or form content,
 * which may be personal (a search, a phone number). `LOG_LEVEL` quiets it (`warn`, `error`).
 */
export const log = pino(
	{
		level: process.env['LOG_LEVEL'] ?? 'info',
		base: { service: 'hibahin' },
		redact: ['req.headers', 'headers.cookie', 'headers.authorization'],
	},
	// Written in the background: lines logged while a write is under way leave together in the
	// next, rather than each in a write of its own on the request's thread (a line per request
	// took 3% of a busy server's time). Whatever is left is written out as the process exits.
	pino.destination({ sync: false }),
);

const requestIdShape = /^[\w-]{8,64}$/;

/**
 * Gives `req` a request id (the proxy's `X-Request-Id` when it has a sane shape, else a new one),
 * sends it back, and logs the request once answered. The API reads the same id
 * (`requestContext`), so an error body's `requestId` leads to its log lines.
 */
export function logRequest(req: IncomingMessage, res: ServerResponse): void {
	const given = req.headers['x-request-id'];
	const id = typeof given === 'string' && requestIdShape.test(given) ? given : randomUUID();
	req.headers['x-request-id'] = id;
	res.setHeader('X-Request-Id', id);
	const started = performance.now();
	res.once('finish', () => {
		log.info(
			{
				reqId: id,
				method: req.method,
				route: routeOf(req.url ?? '/', res.statusCode),
				status: res.statusCode,
				ms: Math.round(performance.now() - started),
			},
			'request',
		);
	});
}

/** The request id `logRequest` gave, or a new one (tests call the API without the server). */
export function requestIdOf(header: string | undefined): string {
	return header && requestIdShape.test(header) ? header : randomUUID();
}
