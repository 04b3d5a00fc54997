import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { setDriveHidden } from '~/features/moderation/drive-actions.server';
import { requireModerator } from '~/features/moderation/moderators.server';
import type { ServerContext } from '~/server/context';
import { AppError } from '~/server/http/errors';
import { rateLimit, requireUser } from '~/server/http/middleware';
import {
	anyone,
	checkedBody,
	dataResponse,
	errorResponses,
	refuseInput,
	signedIn,
	signedInOrNot,
} from '~/server/http/openapi';
import type { AppEnv } from '~/server/http/types';
import { rateLimitRules } from '~/server/rate-limit';
import { driveInputSchema, driveUpdateSchema } from './drive-schemas';
import { createDrive, currentDrives, endDrive, findDrive, updateDrive } from './drives.server';

const needSchema = z.object({
	id: z.int(),
	title: z.string(),
	description: z.string(),
	category: z.string(),
	quantity: z.int(),
	received: z.int(),
});

/** A drive with each need's progress. */
export const driveSchema = z
	.object({
		id: z.int(),
		title: z.string(),
		story: z.string(),
		address: z.string(),
		district: z.object({
			code: z.string(),
			name: z.string(),
			regencyName: z.string(),
			provinceName: z.string(),
		}),
		endsAt: z.iso.datetime(),
		ended: z.boolean(),
		hidden: z.boolean(),
		hiddenReason: z.enum(['reports', 'moderator']).nullable().openapi({
			description:
				'Why a moderator still sees it hidden: `reports` (pending review) or `moderator`',
		}),
		createdBy: z.string(),
		organisation: z.object({ id: z.int(), name: z.string(), verified: z.boolean() }).nullable(),
		needs: z.array(needSchema),
		createdAt: z.iso.datetime(),
	})
	.openapi('Drive');

const driveSummarySchema = z
	.object({
		id: z.int(),
		title: z.string(),
		organisationName: z.string().nullable(),
		districtName: z.string(),
		regencyName: z.string(),
		endsAt: z.iso.datetime(),
		needsCount: z.int(),
	})
	.openapi('DriveSummary');

const idParams = z.object({ id: z.coerce.number().int().min(1) });
const notFound = refuseInput(() => new AppError('NOT_FOUND'));

/** A JSON body, read as is: the feature checks it with the form's own schema. */
async function jsonBody(request: { json: () => Promise<unknown> }): Promise<unknown> {
	return request.json().catch(() => {
		throw new AppError('VALIDATION_ERROR');
	});
}

/** Giving drives (docs/product-rules.md#drives). */
export function driveRoutes(server: ServerContext) {
	const write = rateLimit(server, 'write', rateLimitRules.write);

	return new OpenAPIHono<AppEnv>()
		.openapi(
			createRoute({
				method: 'post',
				path: '/drives',
				summary: 'Open a giving drive with its list of needs',
				description:
					'Only the owner of a verified organisation or a moderator. Each need becomes a need brought to the drive’s address, open until the end of its last day (Jakarta time).',
				security: signedIn,
				middleware: [requireUser, write],
				request: { body: checkedBody('application/json', driveInputSchema) },
				responses: {
					201: dataResponse('The drive, stored', z.object({ id: z.int() })),
					...errorResponses('VALIDATION_ERROR', 'UNAUTHORIZED', 'FORBIDDEN', 'RATE_LIMITED'),
				},
			}),
			async (c) => {
				const body = await jsonBody(c.req);
				return c.json({ data: await createDrive(server, c.get('user')!, body) }, 201);
			},
		)
		.openapi(
			createRoute({
				method: 'get',
				path: '/drives',
				summary: 'The drives still taking gifts, soonest end first',
				security: anyone,
				responses: {
					200: dataResponse('At most six current drives', z.array(driveSummarySchema)),
				},
			}),
			async (c) => c.json({ data: await currentDrives(server.db) }, 200),
		)
		.openapi(
			createRoute({
				method: 'get',
				path: '/drives/{id}',
				summary: 'A drive with what each of its needs received so far',
				description:
					'Received counts confirmed hand-overs only. A hidden drive is found only by moderators.',
				security: signedInOrNot,
				request: { params: idParams },
				responses: {
					200: dataResponse('The drive', driveSchema),
					...errorResponses('NOT_FOUND'),
				},
			}),
			async (c) => {
				const drive = await findDrive(server, c.req.valid('param').id, c.get('user') ?? null);
				if (!drive) throw new AppError('NOT_FOUND');
				return c.json({ data: drive }, 200);
			},
			notFound,
		)
		.openapi(
			createRoute({
				method: 'patch',
				path: '/drives/{id}',
				summary: 'Change a running drive’s story or end day',
				security: signedIn,
				middleware: [requireUser, write],
				request: {
					params: idParams,
					body: checkedBody('application/json', driveUpdateSchema),
				},
				responses: {
					200: dataResponse('Changed', z.object({ updated: z.literal(true) })),
					...errorResponses(
						'VALIDATION_ERROR',
						'UNAUTHORIZED',
						'NOT_FOUND',
						'REQUEST_CONFLICT',
						'RATE_LIMITED',
					),
				},
			}),
			async (c) => {
				const body = await jsonBody(c.req);
				await updateDrive(server, c.get('user')!, c.req.valid('param').id, body);
				return c.json({ data: { updated: true as const } }, 200);
			},
			notFound,
		)
		.openapi(
			createRoute({
				method: 'post',
				path: '/drives/{id}/end',
				summary: 'End a drive now, closing its needs',
				security: signedIn,
				middleware: [requireUser, write],
				request: { params: idParams },
				responses: {
					200: dataResponse('Ended', z.object({ ended: z.literal(true) })),
					...errorResponses('UNAUTHORIZED', 'NOT_FOUND', 'REQUEST_CONFLICT', 'RATE_LIMITED'),
				},
			}),
			async (c) => {
				await endDrive(server, c.get('user')!, c.req.valid('param').id);
				return c.json({ data: { ended: true as const } }, 200);
			},
			notFound,
		)
		.openapi(
			createRoute({
				method: 'put',
				path: '/drives/{id}/hidden',
				summary: 'Hide a drive and its needs, or show them again (moderators)',
				description:
					'The same as the desk’s `hideDrive` and `restoreDrive`: the drive’s open reports close, and the audit log gets a line for `drive:<id>`. A drive already as asked is left alone.',
				security: signedIn,
				middleware: [requireModerator(server.config)],
				request: {
					params: idParams,
					body: {
						required: true,
						content: { 'application/json': { schema: z.object({ hidden: z.boolean() }) } },
					},
				},
				responses: {
					200: dataResponse('Done', z.object({ hidden: z.boolean() })),
					...errorResponses('VALIDATION_ERROR', 'NOT_FOUND'),
				},
			}),
			async (c) => {
				const { hidden } = c.req.valid('json');
				await setDriveHidden(server.db, c.get('user')!, c.req.valid('param').id, hidden);
				return c.json({ data: { hidden } }, 200);
			},
		);
}
