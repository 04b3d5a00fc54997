import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { ServerContext } from '~/server/context';
import { rateLimit, requireUser } from '~/server/http/middleware';
import { dataResponse, errorResponses, signedIn } from '~/server/http/openapi';
import type { AppEnv } from '~/server/http/types';
import { rateLimitRules } from '~/server/rate-limit';
import { blockedPeople, blockUser, unblockUser } from './blocks.server';

const blockedPersonSchema = z
	.object({
		id: z.string(),
		name: z.string(),
		avatar: z.string().nullable(),
		blockedAt: z.iso.datetime(),
	})
	.openapi('BlockedPerson');

const personParams = z.object({ userId: z.string().min(1).max(100) });

/** A donor's blocked list (`/api/blocks`): blocked people cannot request their items. */
export function blockRoutes(server: ServerContext) {
	const write = rateLimit(server, 'write', rateLimitRules.write);
	const list = async (userId: string) => ({ data: await blockedPeople(server.db, userId) });

	return new OpenAPIHono<AppEnv>()
		.openapi(
			createRoute({
				method: 'get',
				path: '/blocks',
				summary: 'The people the caller blocked, the latest first',
				security: signedIn,
				middleware: [requireUser],
				responses: {
					200: dataResponse('The blocked list', z.array(blockedPersonSchema)),
					...errorResponses('UNAUTHORIZED'),
				},
			}),
			async (c) => c.json(await list(c.get('user')!.id), 200),
		)
		.openapi(
			createRoute({
				method: 'put',
				path: '/blocks/{userId}',
				summary: 'Block a person: they can no longer request the caller’s items or see their phone',
				security: signedIn,
				middleware: [requireUser, write],
				request: { params: personParams },
				responses: {
					200: dataResponse('The blocked list after the change', z.array(blockedPersonSchema)),
					...errorResponses(
						'VALIDATION_ERROR',
						'UNAUTHORIZED',
						'ACCOUNT_SUSPENDED',
						'NOT_FOUND',
						'RATE_LIMITED',
					),
				},
			}),
			async (c) => {
				const user = c.get('user')!;
				await blockUser(server.db, user.id, c.req.valid('param').userId);
				return c.json(await list(user.id), 200);
			},
		)
		.openapi(
			createRoute({
				method: 'delete',
				path: '/blocks/{userId}',
				summary: 'Unblock a person',
				security: signedIn,
				middleware: [requireUser, write],
				request: { params: personParams },
				responses: {
					200: dataResponse('The blocked list after the change', z.array(blockedPersonSchema)),
					...errorResponses(
						'VALIDATION_ERROR',
						'UNAUTHORIZED',
						'ACCOUNT_SUSPENDED',
						'RATE_LIMITED',
					),
				},
			}),
			async (c) => {
				const user = c.get('user')!;
				await unblockUser(server.db, user.id, c.req.valid('param').userId);
				return c.json(await list(user.id), 200);
			},
		);
}
