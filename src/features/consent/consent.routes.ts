import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { legalVersions } from '~/lib/consent';
import type { ServerContext } from '~/server/context';
import { AppError } from '~/server/http/errors';
import { rateLimit, requireUser } from '~/server/http/middleware';
import { dataResponse, errorResponses, signedIn } from '~/server/http/openapi';
import type { AppEnv } from '~/server/http/types';
import { rateLimitRules } from '~/server/rate-limit';
import { recordConsent } from './consent.server';

const consentBody = z.object({
	terms: z.boolean().openapi({
		description:
			'true: the caller accepts the Terms and Conditions and the Privacy Policy in force',
	}),
	adult: z.boolean().openapi({ description: 'true: the caller is 17 or older' }),
});

/**
 * `PUT /api/consent`: what `/consent` records, for clients that are not a browser (a bearer
 * token's app), which must accept before `PUT /api/profile`.
 */
export function consentRoutes(server: ServerContext) {
	return new OpenAPIHono<AppEnv>().openapi(
		createRoute({
			method: 'put',
			path: '/consent',
			summary:
				'Accept the Terms and Conditions and the Privacy Policy in force, confirming being 17 or older',
			security: signedIn,
			middleware: [requireUser, rateLimit(server, 'write', rateLimitRules.write)],
			request: {
				body: { required: true, content: { 'application/json': { schema: consentBody } } },
			},
			responses: {
				200: dataResponse(
					'The versions now accepted',
					z.object({ termsVersion: z.string(), privacyVersion: z.string() }),
				),
				...errorResponses('VALIDATION_ERROR', 'UNAUTHORIZED', 'RATE_LIMITED'),
			},
		}),
		async (c) => {
			const recorded = await recordConsent(server.db, c.get('user')!.id, c.req.valid('json'));
			if (!recorded.ok) throw new AppError('VALIDATION_ERROR', recorded.errors);
			return c.json(
				{ data: { termsVersion: legalVersions.terms, privacyVersion: legalVersions.privacy } },
				200,
			);
		},
	);
}
