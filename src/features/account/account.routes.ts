import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { ServerContext } from '~/server/context';
import { AppError } from '~/server/http/errors';
import { rateLimit, requireUser } from '~/server/http/middleware';
import { dataResponse, errorResponses, signedIn } from '~/server/http/openapi';
import { forgetSignIn } from '~/server/http/signed-out';
import type { AppEnv } from '~/server/http/types';
import { rateLimitRules } from '~/server/rate-limit';
import { accountExport } from './account-export.server';
import { requestDeletion } from './account-deletion.server';
import { chooseRankings } from './rankings-choice.server';

const deleteBody = z.object({
	confirmation: z.string().openapi({ description: 'The word shown: `HAPUS` or `DELETE`' }),
});

const rankingsBody = z.object({
	ranked: z
		.boolean()
		.openapi({ description: 'false leaves the heroes rankings, true rejoins them' }),
});

/**
 * The caller's rights over their data (`/api/account…`): download it, delete the account, and
 * object to being ranked.
 */
export function accountRoutes(server: ServerContext) {
	const write = rateLimit(server, 'write', rateLimitRules.write);

	return new OpenAPIHono<AppEnv>()
		.openapi(
			createRoute({
				method: 'get',
				path: '/account/export',
				summary: 'Download my data: a JSON file of everything the site keeps about the caller',
				security: signedIn,
				middleware: [requireUser],
				responses: {
					200: {
						description:
							'Profile, items with photo URLs, requests, notifications, reports made, blocks and sign-ins, as an attachment',
						content: { 'application/json': { schema: z.object({ profile: z.object({}) }) } },
					},
					...errorResponses('UNAUTHORIZED'),
				},
			}),
			async (c) => {
				const data = await accountExport(server.db, c.get('user')!, server.config.publicUrl);
				const day = data.exportedAt.slice(0, 10);
				c.header('Content-Disposition', `attachment; filename="hibahin-data-${day}.json"`);
				return c.json(data, 200);
			},
		)
		.openapi(
			createRoute({
				method: 'post',
				path: '/account/delete',
				summary:
					'Delete my account: signed out at once (the answer clears the session cookies), purged after 7 days unless signed in again',
				security: signedIn,
				middleware: [requireUser, write],
				request: {
					body: { required: true, content: { 'application/json': { schema: deleteBody } } },
				},
				responses: {
					200: dataResponse(
						'When the account is purged for good',
						z.object({ purgeAfter: z.iso.datetime() }),
					),
					...errorResponses('VALIDATION_ERROR', 'UNAUTHORIZED', 'RATE_LIMITED'),
				},
			}),
			async (c) => {
				const result = await requestDeletion(
					server,
					c.get('user')!,
					c.req.valid('json').confirmation,
				);
				// The browser that asked is signed out with the answer, before it opens another page.
				forgetSignIn(c, server.config);
				return c.json({ data: result }, 200);
			},
			(result) => {
				if (!result.success) {
					throw new AppError('VALIDATION_ERROR', { confirmation: 'account.errors.confirmation' });
				}
			},
		)
		.openapi(
			createRoute({
				method: 'put',
				path: '/account/rankings',
				summary:
					'Leave or rejoin the heroes rankings; givings still count in the site totals either way',
				security: signedIn,
				middleware: [requireUser, write],
				request: {
					body: { required: true, content: { 'application/json': { schema: rankingsBody } } },
				},
				responses: {
					200: dataResponse(
						'The choice now in force',
						z.object({ ranked: z.boolean(), leftRankingsAt: z.iso.datetime().nullable() }),
					),
					...errorResponses('VALIDATION_ERROR', 'UNAUTHORIZED', 'RATE_LIMITED'),
				},
			}),
			async (c) => {
				const choice = await chooseRankings(
					server.db,
					c.get('user')!.id,
					c.req.valid('json').ranked,
				);
				return c.json({ data: choice }, 200);
			},
		);
}
