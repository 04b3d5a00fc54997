import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import { blockRoutes } from '~/features/blocks/blocks.routes';
import { accountRoutes } from '~/features/account/account.routes';
import { consentRoutes } from '~/features/consent/consent.routes';
import { driveRoutes } from '~/features/drives/drives.routes';
import { areaRoutes } from '~/features/areas/areas.routes';
import { heroRoutes } from '~/features/heroes/heroes.routes';
import { itemRoutes } from '~/features/items/items.routes';
import { needListRoutes } from '~/features/need-lists/need-lists.routes';
import { placeRoutes } from '~/features/places/places.routes';
import {
	notifySavedSearches,
	notifySavedSearchesOfNeed,
} from '~/features/saved-searches/saved-search-matches.server';
import { savedSearchRoutes } from '~/features/saved-searches/saved-searches.routes';
import { isNeedUpload, needRoutes } from '~/features/needs/needs.routes';
import { moderationRoutes } from '~/features/moderation/moderation.routes';
import { notificationRoutes } from '~/features/notifications/notifications.routes';
import { pushRoutes } from '~/features/notifications/push/push.routes';
import { notificationSettingsRoutes } from '~/features/notifications/notification-settings.routes';
import { isModerator } from '~/features/moderation/moderators.server';
import {
	isOrganisationUpload,
	organisationRoutes,
} from '~/features/organisations/organisations.routes';
import { refuseSuspendedWrites } from '~/features/moderation/suspension.server';
import { profileRoutes } from '~/features/profiles/profiles.routes';
import { reportRoutes } from '~/features/reports/reports.routes';
import { requestRoutes } from '~/features/requests/requests.routes';
import { orderRoutes } from '~/features/shipping/orders.routes';
import { shippingRoutes } from '~/features/shipping/shipping.routes';
import { supportRoutes } from '~/features/support/support.routes';
import { isThanksUpload, thanksRoutes } from '~/features/thanks/thanks.routes';
import { verificationRoutes } from '~/features/verification/verification.routes';
import { formatWait } from '~/lib/format';
import { AppError } from '~/server/http/errors';
import {
	authenticate,
	refuseUnstorableUrl,
	requestContext,
	limitBodies,
	sameOriginWrites,
} from '~/server/http/middleware';
import { anyone, openApiDocument, refuseInvalidInput } from '~/server/http/openapi';
import type { AppEnv } from '~/server/http/types';
import { log } from '~/server/log';
import type { AppContext } from './context';

const documentRoute = createRoute({
	method: 'get',
	path: '/openapi.json',
	summary: 'This document: every route the API mounts',
	security: anyone,
	responses: {
		200: {
			description: 'The OpenAPI 3.1 document',
			content: { 'application/json': { schema: z.object({ openapi: z.string() }) } },
		},
	},
});

/**
 * The site's API, under `/api`. Errors leave as the envelope of docs/product-rules.md#error-envelope,
 * in the caller's language; each route's declaration is its entry in `/api/openapi.json`.
 */
export function createApiApp(server: AppContext) {
	const app = new OpenAPIHono<AppEnv>({ defaultHook: refuseInvalidInput }).basePath('/api');

	app.use(requestContext);
	app.use(refuseUnstorableUrl);
	app.use(sameOriginWrites(server.config));
	// Photos come in a listing (`POST /items`, `PUT /items/{id}`) and as an avatar in the profile
	// (`PUT /profile`), with a thank-you (`POST /requests/{id}/thanks`), with a need (`POST /needs`,
	// `PUT /needs/{id}`) and as an organisation's document (`POST /organisations`,
	// `PUT /organisations/mine`): those routes set their own, larger limits.
	app.use(
		limitBodies(
			(method, path) =>
				(method === 'POST' && path === '/api/items') ||
				(method === 'PUT' && (path === '/api/profile' || /^\/api\/items\/[^/]+$/.test(path))) ||
				isThanksUpload(method, path) ||
				isNeedUpload(method, path) ||
				isOrganisationUpload(method, path),
		),
	);
	app.use(authenticate(server));
	app.use(refuseSuspendedWrites);

	let document: ReturnType<typeof openApiDocument> | undefined;
	app.openapi(documentRoute, (c) =>
		c.json((document ??= openApiDocument(app, server.config)), 200),
	);
	app.route('/', profileRoutes(server));
	app.route('/', areaRoutes(server));
	app.route('/', heroRoutes(server));
	app.route('/', supportRoutes(server));
	// A new item tells whoever saved a search it matches; saved searches build on items.
	app.route('/', itemRoutes({ ...server, itemListed: notifySavedSearches }));
	app.route('/', placeRoutes(server));
	app.route('/', needListRoutes(server));
	app.route('/', savedSearchRoutes(server));
	app.route('/', requestRoutes(server));
	app.route('/', notificationRoutes(server));
	app.route('/', pushRoutes(server));
	app.route('/', notificationSettingsRoutes(server));
	app.route('/', orderRoutes(server));
	app.route('/', shippingRoutes(server));
	app.route('/', thanksRoutes(server));
	// So does a new need.
	app.route('/', needRoutes({ ...server, needPosted: notifySavedSearchesOfNeed }));
	app.route('/', driveRoutes(server));
	app.route('/', reportRoutes(server));
	app.route('/', blockRoutes(server));
	app.route('/', moderationRoutes(server));
	// Who moderates is the moderation feature's to say; organisations build below it.
	app.route(
		'/',
		organisationRoutes({ ...server, isModerator: (user) => isModerator(user, server.config) }),
	);
	app.route('/', accountRoutes(server));
	app.route('/', consentRoutes(server));
	app.route('/', verificationRoutes(server));

	app.notFound(() => {
		throw new AppError('NOT_FOUND');
	});
	app.onError((error, c) => {
		const t = c.get('t');
		// The routes' body validators refuse a body that does not parse (malformed JSON, 400) or
		// comes as another media type than the route reads (415): input like any other refused.
		const unreadable =
			error instanceof HTTPException && (error.status === 400 || error.status === 415);
		const appError =
			error instanceof AppError ? error : unreadable ? new AppError('VALIDATION_ERROR') : null;
		if (!appError) log.error({ reqId: c.get('requestId'), err: error }, 'request failed');
		const code = appError?.code ?? 'INTERNAL';
		const retryAfter = appError?.retryAfterSeconds;
		if (retryAfter) c.header('Retry-After', String(retryAfter));
		const explanation = appError?.explanation;
		const message = explanation
			? t(explanation.key as 'errors.INTERNAL', {
					...explanation.values,
					wait: formatWait(retryAfter ?? 0, c.get('locale')),
				})
			: t(`errors.${code}`);
		return c.json(
			{
				error: {
					code,
					message,
					...(appError?.fields ? { fields: appError.fields } : {}),
					requestId: c.get('requestId'),
				},
			},
			appError?.status ?? 500,
		);
	});

	return app;
}

export type ApiApp = ReturnType<typeof createApiApp>;
