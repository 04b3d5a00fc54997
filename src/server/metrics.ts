import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/** The process's metrics, in Prometheus's text format at `/metrics` (`METRICS_TOKEN`). */
export const metrics = new Registry();
collectDefaultMetrics({ register: metrics, prefix: 'hibahin_' });

const requestDuration = new Histogram({
	name: 'hibahin_http_request_duration_seconds',
	help: 'Time to answer a request, by method, route and status class',
	labelNames: ['method', 'route', 'status'] as const,
	buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
	registers: [metrics],
});

/** Time to decode and re-encode one uploaded photo into its WebP sizes. */
export const photoProcessing = new Histogram({
	name: 'hibahin_photo_processing_seconds',
	help: 'Time to re-encode one uploaded photo into its sizes',
	buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
	registers: [metrics],
});

/** Files the sweeper found without a row and deleted. */
export const sweptFiles = new Counter({
	name: 'hibahin_sweeper_deleted_files_total',
	help: 'Stored files the sweeper deleted because no row referred to them',
	registers: [metrics],
});

/** Push messages a push service took (one per device). */
export const pushSent = new Counter({
	name: 'hibahin_push_sent_total',
	help: 'Push messages a push service accepted, one per device',
	registers: [metrics],
});

/** Push messages a push service did not take, by why: some are tried again later. */
export const pushFailed = new Counter({
	name: 'hibahin_push_failed_total',
	help: 'Push messages not taken: too_large, rejected, unsendable; retried: rate_limited, service_error, unreachable',
	labelNames: ['reason'] as const,
	registers: [metrics],
});

/** Devices forgotten because their push service said they are gone (404, 410). */
export const pushSubscriptionsEnded = new Counter({
	name: 'hibahin_push_subscriptions_ended_total',
	help: 'Push subscriptions deleted because the push service said they ended',
	registers: [metrics],
});

/** Notification mail handed to the mail server, by kind: one notification, or a daily digest. */
export const mailSent = new Counter({
	name: 'hibahin_mail_sent_total',
	help: 'Notification mail handed to the mail server, by kind (single or digest)',
	labelNames: ['kind'] as const,
	registers: [metrics],
});

/** Notification mail the mail server did not take; each is tried again later. */
export const mailFailed = new Counter({
	name: 'hibahin_mail_failed_total',
	help: 'Notification mail the mail server did not take',
	registers: [metrics],
});

/**
 * The route a request counts under: ids, storage keys and tokens become placeholders, so the
 * number of series stays small whatever visitors ask for; anything not found is one route.
 */
export function routeOf(url: string, status: number): string {
	if (status === 404) return '(not found)';
	const path = url.split('?')[0] ?? '/';
	if (path.startsWith('/_astro/')) return '/_astro/:file';
	if (path.startsWith('/media/')) return '/media/:key';
	return (
		path
			.split('/')
			.map((segment) => (/^\d+$|^[0-9a-f-]{16,}$|^[\w-]{20,}$/i.test(segment) ? ':id' : segment))
			.join('/')
			.replace(/(.)\/$/, '$1') || '/'
	);
}

/** Starts timing `req`; its duration is recorded when the answer has been sent. */
export function timeRequest(req: IncomingMessage, res: ServerResponse): void {
	const end = requestDuration.startTimer();
	res.once('finish', () => {
		end({
			method: req.method ?? 'GET',
			route: routeOf(req.url ?? '/', res.statusCode),
			status: `${Math.floor(res.statusCode / 100)}xx`,
		});
	});
}

/**
 * `/metrics` for a scraper holding `token` (`Authorization: Bearer …`); without a token set the
 * path is not there at all, so nothing about the process is public by default.
 */
export async function answerMetrics(
	req: IncomingMessage,
	res: ServerResponse,
	token: string | undefined,
): Promise<void> {
	const given = Buffer.from(req.headers.authorization?.replace(/^Bearer /, '') ?? '');
	const expected = Buffer.from(token ?? '');
	if (!token) {
		res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
		return;
	}
	if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
		res.writeHead(401, { 'Content-Type': 'text/plain', 'WWW-Authenticate': 'Bearer' });
		res.end('Unauthorized');
		return;
	}
	res.writeHead(200, { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' });
	res.end(await metrics.metrics());
}

/** Deliveries from the notification outbox, by channel and what became of them. */
export const notificationDeliveries = new Counter({
	name: 'hibahin_notification_deliveries_total',
	help: 'Push and mail deliveries of notifications: sent, skipped, deferred, retried or failed',
	labelNames: ['channel', 'outcome'] as const,
	registers: [metrics],
});
