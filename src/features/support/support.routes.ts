import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { ServerContext } from '~/server/context';
import { AppError } from '~/server/http/errors';
import { anyone, dataResponse, errorResponses } from '~/server/http/openapi';
import type { AppEnv } from '~/server/http/types';
import { avatarSvg } from './avatar-svg.server';
import type { Supporter } from './support';
import { supporterLimits } from './support';
import { listEarlySupporters, topSupportersSource } from './supporters.server';

/** A supporter of the site, from Trakteer or the local table. */
export const supporterSchema = z.object({
	supporterName: z.string(),
	amount: z.int().openapi({ description: 'Rupiah' }),
	supportMessage: z.string().nullable(),
	quantity: z.int(),
	unitName: z.string().nullable().openapi({ description: 'What one unit of support is called' }),
});

/** Someone who backed the site early. */
export const earlySupporterSchema = z.object({ name: z.string(), message: z.string().nullable() });

/**
 * `/trakteer/supports`, `/supporters/early-supporters` and the generated `/avatars/{seed}.svg`.
 * `topSupporters` defaults to Trakteer or the local table by configuration; tests inject one.
 */
export function supportRoutes(
	server: ServerContext,
	topSupporters: () => Promise<Supporter[]> = topSupportersSource(server.db),
) {
	return new OpenAPIHono<AppEnv>()
		.openapi(
			createRoute({
				method: 'get',
				path: '/trakteer/supports',
				summary: 'Top supporters, largest first (Trakteer when configured, else the local table)',
				security: anyone,
				responses: {
					200: dataResponse(`Up to ${supporterLimits.top} supporters`, z.array(supporterSchema)),
				},
			}),
			async (c) => c.json({ data: await topSupporters() }, 200),
		)
		.openapi(
			createRoute({
				method: 'get',
				path: '/supporters/early-supporters',
				summary: 'Early supporters, in the order they joined',
				security: anyone,
				responses: { 200: dataResponse('Early supporters', z.array(earlySupporterSchema)) },
			}),
			async (c) => c.json({ data: await listEarlySupporters(server.db) }, 200),
		)
		.openapi(
			createRoute({
				method: 'get',
				path: '/avatars/{file}',
				summary: 'A generated avatar for a name, cached for a year',
				security: anyone,
				request: {
					params: z.object({
						file: z.string().openapi({
							description: `The name (at most ${supporterLimits.avatarSeedMax} characters) followed by \`.svg\``,
							example: 'Budi Santoso.svg',
						}),
					}),
				},
				responses: {
					200: {
						description: 'The avatar',
						content: { 'image/svg+xml': { schema: z.string() } },
					},
					...errorResponses('VALIDATION_ERROR', 'NOT_FOUND'),
				},
			}),
			(c) => {
				const { file } = c.req.valid('param');
				const seed = file.endsWith('.svg') ? file.slice(0, -'.svg'.length) : null;
				if (seed === null) throw new AppError('NOT_FOUND');
				if (seed.length > supporterLimits.avatarSeedMax) throw new AppError('VALIDATION_ERROR');
				// The picture of a name never changes, so browsers and CDNs may keep it for good.
				c.header('Cache-Control', 'public, max-age=31536000, immutable');
				c.header('Content-Type', 'image/svg+xml');
				c.header('X-Content-Type-Options', 'nosniff');
				c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
				return c.body(avatarSvg(seed));
			},
		);
}
