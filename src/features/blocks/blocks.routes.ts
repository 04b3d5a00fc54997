import { createRoute, OpenAPIHono, type RouteHandler, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { ServerContext } from '~/server/context';
import { rateLimit, requireUser } from '~/server/http/middleware';
import { dataResponse, errorResponses, signedIn } from '~/server/http/openapi';
import type { AppEnv } from '~/server/http/types';
import { rateLimitRules } from '~/server/rate-limit';
import { blockedPeople, blockUser, unblockUser } from './blocks.server';

/** Someone the caller blocked, as their blocked list shows them. */
export const blockedPersonSchema = z
	.object({
		id: z.string(),
		name: z.string(),
		avatar: z.string().nullable(),
		blockedAt: z.iso.datetime(),
	})
	.openapi('BlockedPerson');

const personParams = z.object({ userId: z.string().min(1).max(100) });

/** Blocking and unblocking: one person in the path, the blocked list after the change back. */
function changeRoute(
	method: 'put' | 'delete',
	summary: string,
	middleware: MiddlewareHandler<AppEnv>[],
	errors: readonly ('NOT_FOUND' | 'FORBIDDEN')[] = [],
) {
	return createRoute({
		method,
		path: '/blocks/{userId}',
		summary,
		security: signedIn,
		middleware,
		request: { params: personParams },
		responses: {
			200: dataResponse('The blocked list after the change', z.array(blockedPersonSchema)),
			...errorResponses(
				'VALIDATION_ERROR',
				'UNAUTHORIZED',
				'ACCOUNT_SUSPENDED',
				...errors,
				'RATE_LIMITED',
			),
		},
	});
}

/** A member's blocked list (`/api/blocks`): a block keeps two people from each other's items. */
export function blockRoutes(server: ServerContext) {
	const write = rateLimit(server, 'write', rateLimitRules.write);
	const list = async (userId: string) => ({ data: await blockedPeople(server.db, userId) });
	const middleware = [requireUser, write];
	/** The handler of a change: made by the signed-in caller, answered with their list. */
	const change =
		(
			apply: (db: ServerContext['db'], blockerId: string, blockedId: string) => Promise<void>,
		): RouteHandler<ReturnType<typeof changeRoute>, AppEnv> =>
		async (c) => {
			const user = c.get('user')!;
			await apply(server.db, user.id, c.req.valid('param').userId);
			return c.json(await list(user.id), 200);
		};

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
			changeRoute(
				'put',
				'Block someone the caller has dealt with: neither can request the other’s items or see the other’s phone',
				middleware,
				['FORBIDDEN', 'NOT_FOUND'],
			),
			change(blockUser),
		)
		.openapi(changeRoute('delete', 'Unblock a person', middleware), change(unblockUser));
}
