import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { reportReasons } from '~/features/reports/reports';
import type { ServerContext } from '~/server/context';
import { AppError } from '~/server/http/errors';
import { checkedBody, dataResponse, errorResponses, signedIn } from '~/server/http/openapi';
import type { AppEnv } from '~/server/http/types';
import { moderate, moderationInputSchema } from './moderation-actions.server';
import { auditLog } from './audit-log.server';
import { moderationQueue } from './moderation-queue.server';
import { requireModerator } from './moderators.server';
import {
	decideNoShowDispute,
	noShowDecisionInputSchema,
	noShowDisputeQueue,
} from './no-show-desk.server';

/** Whom or what an action of the audit log was taken on, named; `name` is null once deleted. */
export const auditTargetSchema = z
	.discriminatedUnion('kind', [
		z.object({ kind: z.literal('item'), id: z.int(), name: z.string().nullable() }),
		z.object({ kind: z.literal('user'), id: z.string(), name: z.string().nullable() }),
		z.object({ kind: z.literal('thanks'), id: z.int(), name: z.string().nullable() }),
		z.object({ kind: z.literal('need'), id: z.int(), name: z.string().nullable() }),
		z.object({ kind: z.literal('drive'), id: z.int(), name: z.string().nullable() }),
	])
	.openapi('AuditTarget', {
		description:
			'The item, the person, the thank-you (named by its message), the need or the drive acted on; `name` is null when it has been deleted',
	});

/** A line of the audit log, as the desk and the admin CLI show it. */
export const auditEntrySchema = z
	.object({
		id: z.int(),
		action: z.string(),
		targetKey: z.string().openapi({
			description: '`item:<id>`, `user:<id>`, `thanks:<id>`, `need:<id>` or `drive:<id>`',
		}),
		target: auditTargetSchema,
		reason: z.string().nullable(),
		note: z.string().nullable(),
		until: z.iso.datetime().nullable(),
		createdAt: z.iso.datetime(),
		moderator: z.object({ id: z.string(), name: z.string() }),
	})
	.openapi('AuditEntry');

/** One target of the queue: what it is, its open reports, and what happened to it before. */
export const queueEntrySchema = z
	.object({
		targetKey: z.string(),
		item: z
			.object({
				id: z.int(),
				name: z.string(),
				description: z.string(),
				status: z.string(),
				hidden: z.boolean(),
				asksForMoney: z.boolean(),
				photos: z.array(z.string()),
				donor: z.object({ id: z.string(), name: z.string() }),
			})
			.nullable(),
		user: z
			.object({
				id: z.string(),
				name: z.string(),
				avatar: z.string().nullable(),
				suspended: z.boolean(),
			})
			.nullable(),
		thanks: z
			.object({
				id: z.int(),
				message: z.string(),
				photo: z.string().nullable(),
				hidden: z.boolean(),
				item: z.object({ id: z.int(), name: z.string() }),
				receiver: z.object({ id: z.string(), name: z.string() }),
				donor: z.object({ id: z.string(), name: z.string() }),
			})
			.nullable(),
		need: z
			.object({
				id: z.int(),
				title: z.string(),
				description: z.string(),
				hidden: z.boolean(),
				owner: z.object({ id: z.string(), name: z.string() }),
			})
			.nullable(),
		drive: z
			.object({
				id: z.int(),
				title: z.string(),
				story: z.string(),
				hidden: z.boolean(),
				creator: z.object({ id: z.string(), name: z.string() }),
			})
			.nullable(),
		reports: z.array(
			z.object({
				id: z.int(),
				reason: z.enum(reportReasons),
				details: z.string().nullable(),
				createdAt: z.iso.datetime(),
				reporter: z.object({ id: z.string(), name: z.string() }),
			}),
		),
		/** Reports of it already closed, and the actions taken on it, newest first. */
		earlierReports: z.int(),
		actions: z.array(auditEntrySchema),
	})
	.openapi('ModerationQueueEntry');

/** A disputed no-show waiting on the desk. */
export const noShowDisputeEntrySchema = z
	.object({
		requestId: z.int(),
		item: z.object({ id: z.int(), name: z.string() }),
		against: z.enum(['donor', 'receiver']).openapi({
			description: 'Whose no-show it is, and so who disputed it',
		}),
		disputer: z.object({ id: z.string(), name: z.string() }),
		other: z.object({ id: z.string(), name: z.string() }),
		statement: z.string(),
		endedAt: z.iso.datetime(),
		disputedAt: z.iso.datetime(),
	})
	.openapi('NoShowDispute');

const notHere = errorResponses('NOT_FOUND');

/** The moderation desk's calls (`/api/moderation…`): moderators only, a 404 for anyone else. */
export function moderationRoutes(server: ServerContext) {
	const moderatorsOnly = requireModerator(server.config);

	return new OpenAPIHono<AppEnv>()
		.openapi(
			createRoute({
				method: 'get',
				path: '/moderation/queue',
				summary: 'Open reports grouped by target, newest first, with photos and history',
				security: signedIn,
				middleware: [moderatorsOnly],
				responses: {
					200: dataResponse('The queue', z.array(queueEntrySchema)),
					...notHere,
				},
			}),
			async (c) => c.json({ data: await moderationQueue(server.db) }, 200),
		)
		.openapi(
			createRoute({
				method: 'get',
				path: '/moderation/audit-log',
				summary: 'The latest moderation actions: who, what, target, reason, when',
				security: signedIn,
				middleware: [moderatorsOnly],
				responses: {
					200: dataResponse('The audit log, newest first', z.array(auditEntrySchema)),
					...notHere,
				},
			}),
			async (c) => c.json({ data: await auditLog(server.db) }, 200),
		)
		.openapi(
			createRoute({
				method: 'post',
				path: '/moderation/actions',
				summary:
					'Dismiss reports, hide or restore an item, a need or a drive, hide a thank-you, warn, suspend or lift a suspension',
				description:
					'Written to the audit log with the moderator, target, reason and time. Hiding a drive hides its needs; restoring it, or dismissing the reports that hid it, brings them back.',
				security: signedIn,
				middleware: [moderatorsOnly],
				request: { body: checkedBody('application/json', moderationInputSchema) },
				responses: {
					201: dataResponse('The audit log entry', z.object({ id: z.int() })),
					...errorResponses('VALIDATION_ERROR', 'NOT_FOUND'),
				},
			}),
			async (c) => {
				const body: unknown = await c.req.json().catch(() => {
					throw new AppError('VALIDATION_ERROR');
				});
				return c.json({ data: await moderate(server, c.get('user')!, body) }, 201);
			},
		)
		.openapi(
			createRoute({
				method: 'get',
				path: '/moderation/no-show-disputes',
				summary: 'Disputed no-shows no moderator has decided, oldest first',
				security: signedIn,
				middleware: [moderatorsOnly],
				responses: {
					200: dataResponse('The disputes', z.array(noShowDisputeEntrySchema)),
					...notHere,
				},
			}),
			async (c) => c.json({ data: await noShowDisputeQueue(server.db) }, 200),
		)
		.openapi(
			createRoute({
				method: 'post',
				path: '/moderation/no-show-disputes/{requestId}',
				summary: 'Keep or strike a disputed no-show',
				description:
					'Once per dispute. A struck no-show no longer counts anywhere; the person who disputed is told, and the audit log keeps the decision.',
				security: signedIn,
				middleware: [moderatorsOnly],
				request: {
					params: z.object({ requestId: z.coerce.number().int().positive() }),
					body: checkedBody('application/json', noShowDecisionInputSchema),
				},
				responses: {
					201: dataResponse('The audit log entry', z.object({ id: z.int() })),
					...errorResponses('VALIDATION_ERROR', 'NOT_FOUND', 'REQUEST_CONFLICT'),
				},
			}),
			async (c) => {
				const body: unknown = await c.req.json().catch(() => {
					throw new AppError('VALIDATION_ERROR');
				});
				const { requestId } = c.req.valid('param');
				return c.json(
					{ data: await decideNoShowDispute(server.db, c.get('user')!, requestId, body) },
					201,
				);
			},
			(result) => {
				if (!result.success && result.target === 'param') throw new AppError('NOT_FOUND');
			},
		);
}
