import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { profileLimits } from '~/config/limits';
import type { AreaDirectory } from '~/features/areas/areas.server';
import type { ServerContext } from '~/server/context';
import { hasCurrentConsent } from '~/lib/consent';
import { AppError } from '~/server/http/errors';
import { rateLimit, requireUser } from '~/server/http/middleware';
import {
	anyone,
	checkedBody,
	dataResponse,
	errorResponses,
	signedIn,
	signedInOrNot,
} from '~/server/http/openapi';
import { forgetSignIn } from '~/server/http/signed-out';
import type { AppEnv } from '~/server/http/types';
import { rateLimitRules } from '~/server/rate-limit';
import { navUser } from '~/features/auth/nav-user.server';
import { badgeTextOf } from '~/features/heroes/badges';
import { badgeSchema, donorStatsSchema } from '~/features/heroes/heroes.routes';
import { profileInputSchema } from './profiles';
import { profileCheck, publicProfile, updateProfile } from './profiles.server';

/** A base64 avatar is 4/3 of its bytes, plus the other fields. */
const profileBodyLimit = Math.ceil((profileLimits.avatarMaxBytes * 4) / 3) + 64 * 1024;

/** Who is signed in, for the navigation. */
export const sessionSchema = z
	.object({
		user: z.object({
			id: z.string(),
			name: z.string(),
			email: z.string(),
			avatarUrl: z.string().nullable(),
		}),
		isComplete: z.boolean(),
	})
	.nullable()
	.openapi({ description: '`null` when signed out' });

/** The signed-in user's own profile and whether it is complete. */
export const profileCheckSchema = z
	.object({
		isComplete: z.boolean(),
		createdAt: z.iso.datetime(),
		userId: z.string(),
		profile: z.object({
			name: z.string().nullable(),
			phone: z.string().nullable(),
			address: z.string().nullable(),
			areaId: z.string().nullable(),
			areaName: z.string().nullable(),
			imageUrl: z.string().nullable(),
			email: z.string().nullable(),
			bio: z.string().nullable(),
		}),
	})
	.openapi('ProfileCheck');

/** A member's public profile: who they are, their totals and their badges. */
export const publicProfileSchema = z.object({
	id: z.string(),
	name: z.string(),
	avatar: z.string().nullable(),
	joinedAt: z.iso.datetime(),
	bio: z.string().nullable(),
	verified: z.boolean().openapi({
		description: 'A verified giver: at least one hand-over confirmed that counts for impact',
	}),
	stats: donorStatsSchema,
	badges: z.array(badgeSchema),
});

/** `/session`, `/profile/check`, `PUT /profile`, `/profile/{userId}`. */
export function profileRoutes(server: ServerContext & { areas: AreaDirectory }) {
	return new OpenAPIHono<AppEnv>()
		.openapi(
			createRoute({
				method: 'get',
				path: '/session',
				summary:
					'Who is signed in, for the navigation; a browser whose session ended has its session cookies cleared',
				security: signedInOrNot,
				responses: { 200: dataResponse('The signed-in user, or `null`', sessionSchema) },
			}),
			(c) => {
				// 200 either way: prerendered pages ask this, and signed-out is not an error for them.
				const user = c.get('user');
				if (!user) {
					// A session that ended elsewhere (a password reset, a deleted account, a suspension)
					// leaves its cookies behind; they go, so later pages ask nothing of a member.
					forgetSignIn(c, server.config);
					return c.json({ data: null }, 200);
				}
				const { name, email, avatarUrl, isComplete } = navUser(user);
				return c.json({ data: { user: { id: user.id, name, email, avatarUrl }, isComplete } }, 200);
			},
		)
		.openapi(
			createRoute({
				method: 'get',
				path: '/profile/check',
				summary: 'Whether the caller’s profile is complete, and the profile',
				security: signedIn,
				middleware: [requireUser],
				responses: {
					200: dataResponse('The profile check', profileCheckSchema),
					...errorResponses('UNAUTHORIZED'),
				},
			}),
			(c) => c.json({ data: profileCheck(c.get('user')!) }, 200),
		)
		.openapi(
			createRoute({
				method: 'put',
				path: '/profile',
				summary: 'Complete or edit the caller’s profile',
				security: signedIn,
				middleware: [
					requireUser,
					rateLimit(server, 'write', rateLimitRules.write),
					bodyLimit({
						maxSize: profileBodyLimit,
						onError: () => {
							throw new AppError('IMAGE_TOO_LARGE');
						},
					}),
				],
				request: { body: checkedBody('application/json', profileInputSchema) },
				responses: {
					200: dataResponse('The saved profile', profileCheckSchema),
					...errorResponses(
						'VALIDATION_ERROR',
						'UNAUTHORIZED',
						'CONSENT_REQUIRED',
						'DUPLICATE_PHONE',
						'IMAGE_TOO_LARGE',
						'INVALID_IMAGE_FORMAT',
						'INVALID_AREA',
						'RATE_LIMITED',
					),
				},
			}),
			async (c) => {
				// `updateProfile` checks the body with the form's schema and names each field's error.
				const user = c.get('user')!;
				// A phone number and an address are given only under the documents in force.
				if (!hasCurrentConsent(user)) throw new AppError('CONSENT_REQUIRED');
				const body: unknown = await c.req.json().catch(() => {
					throw new AppError('VALIDATION_ERROR');
				});
				return c.json({ data: await updateProfile(server, user, body) }, 200);
			},
		)
		.openapi(
			createRoute({
				method: 'get',
				path: '/profile/{userId}',
				summary: 'A member’s public profile (never email or phone)',
				security: anyone,
				request: { params: z.object({ userId: z.string() }) },
				responses: {
					200: dataResponse('The public profile', publicProfileSchema),
					...errorResponses('NOT_FOUND'),
				},
			}),
			async (c) => {
				const t = c.get('t');
				const profile = await publicProfile(server.db, c.req.valid('param').userId, badgeTextOf(t));
				if (!profile) throw new AppError('NOT_FOUND');
				return c.json({ data: profile }, 200);
			},
		);
}
