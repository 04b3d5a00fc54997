import { Hono } from 'hono';
import { areaRoutes } from '~/features/areas/areas.routes';
import { heroRoutes } from '~/features/heroes/heroes.routes';
import { itemRoutes } from '~/features/items/items.routes';
import { profileRoutes } from '~/features/profiles/profiles.routes';
import { supportRoutes } from '~/features/support/support.routes';
import { verificationRoutes } from '~/features/verification/verification.routes';
import { formatWait } from '~/lib/format';
import { AppError } from '~/server/http/errors';
import {
	authenticate,
	refuseUnstorableUrl,
	requestContext,
	sameOriginWrites,
} from '~/server/http/middleware';
import { openApiDocument } from './openapi';
import type { AppEnv } from '~/server/http/types';
import type { AppContext } from './context';

/**
 * The site's API, under `/api`. Errors leave as the envelope of docs/product-rules.md#error-envelope, in the
 * caller's language.
 */
export function createApiApp(server: AppContext) {
	const app = new Hono<AppEnv>().basePath('/api');

	app.use(requestContext);
	app.use(refuseUnstorableUrl);
	app.use(sameOriginWrites(server.config));
	app.use(authenticate(server));

	app.get('/openapi.json', (c) => c.json(openApiDocument(server.config.publicUrl)));
	app.route('/', profileRoutes(server));
	app.route('/', areaRoutes(server));
	app.route('/', heroRoutes(server));
	app.route('/', supportRoutes(server));
	app.route('/', itemRoutes(server));
	app.route('/', verificationRoutes(server));

	app.notFound(() => {
		throw new AppError('NOT_FOUND');
	});
	app.onError((error, c) => {
		const t = c.get('t');
		const appError = error instanceof AppError ? error : null;
		if (!appError) console.error(`[${c.get('requestId')}]`, error);
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
