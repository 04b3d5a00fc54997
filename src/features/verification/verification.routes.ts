import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { HumanVerifier } from './verification.server';
import type { ServerContext } from '~/server/context';
import { AppError } from '~/server/http/errors';
import { rateLimit, requireUser } from '~/server/http/middleware';
import { anyone, dataResponse, errorResponses, signedIn } from '~/server/http/openapi';
import type { AppEnv } from '~/server/http/types';
import { rateLimitRules } from '~/server/rate-limit';

/** How a listing proves a person is there: Cloudflare Turnstile, or the simulated check. */
export const verificationConfigSchema = z.discriminatedUnion('mode', [
	z.object({ mode: z.literal('turnstile'), siteKey: z.string() }),
	z.object({ mode: z.literal('simulated') }),
]);

/** How the browser should prove a person is there, and the simulated challenge's token for the caller. */
export function verificationRoutes(server: ServerContext & { humanVerifier: HumanVerifier }) {
	return new OpenAPIHono<AppEnv>()
		.openapi(
			createRoute({
				method: 'get',
				path: '/verification/config',
				summary:
					'How a listing proves a person is there: Cloudflare Turnstile or the simulated check',
				security: anyone,
				responses: { 200: dataResponse('The human verification', verificationConfigSchema) },
			}),
			(c) => c.json({ data: server.humanVerifier.config }, 200),
		)
		.openapi(
			createRoute({
				method: 'post',
				path: '/verification/simulated',
				summary: 'A token of the simulated check, for the caller’s next listing',
				security: signedIn,
				middleware: [requireUser, rateLimit(server, 'verification', rateLimitRules.write)],
				responses: {
					200: dataResponse('The token', z.object({ token: z.string() })),
					...errorResponses('UNAUTHORIZED', 'NOT_FOUND', 'RATE_LIMITED'),
				},
			}),
			async (c) => {
				const issue = server.humanVerifier.issueSimulatedToken;
				if (!issue) throw new AppError('NOT_FOUND');
				return c.json({ data: { token: await issue(c.get('user')!.id) } }, 200);
			},
		);
}
