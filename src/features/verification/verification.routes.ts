import { Hono } from 'hono';
import type { HumanVerifier } from './verification.server';
import type { ServerContext } from '~/server/context';
import { AppError } from '~/server/http/errors';
import { rateLimit, requireUser } from '~/server/http/middleware';
import type { AppEnv } from '~/server/http/types';
import { rateLimitRules } from '~/server/rate-limit';

/** How the browser should prove a person is there, and the simulated challenge's token for the caller. */
export function verificationRoutes(server: ServerContext & { humanVerifier: HumanVerifier }) {
	return new Hono<AppEnv>()
		.get('/verification/config', (c) => c.json({ data: server.humanVerifier.config }))
		.post(
			'/verification/simulated',
			requireUser,
			rateLimit(server, 'verification', rateLimitRules.write),
			async (c) => {
				const issue = server.humanVerifier.issueSimulatedToken;
				if (!issue) throw new AppError('NOT_FOUND');
				return c.json({ data: { token: await issue(c.get('user')!.id) } });
			},
		);
}
