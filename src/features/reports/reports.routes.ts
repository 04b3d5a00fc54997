import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { ServerContext } from '~/server/context';
import { AppError } from '~/server/http/errors';
import { rateLimit, requireUser } from '~/server/http/middleware';
import { checkedBody, dataResponse, errorResponses, signedIn } from '~/server/http/openapi';
import type { AppEnv } from '~/server/http/types';
import { rateLimitRules } from '~/server/rate-limit';
import { reportInputSchema } from './reports';
import { createReport } from './reports.server';

/** What `POST /reports` answers: the report, and whether its item is now under review. */
export const receiptSchema = z
	.object({
		id: z.int(),
		itemHidden: z.boolean().openapi({
			description: 'Whether this report took the item out of lists, pending review',
		}),
	})
	.openapi('ReportReceipt');

/** Reports of items and people (`/api/reports`), read by the moderation desk. */
export function reportRoutes(server: ServerContext) {
	const write = rateLimit(server, 'write', rateLimitRules.write);

	return new OpenAPIHono<AppEnv>().openapi(
		createRoute({
			method: 'post',
			path: '/reports',
			summary: 'Report an item, a person or a thank-you to the moderators',
			description:
				'One open report per reporter and target, at most 10 a day. An item reported by three different people with complete profiles leaves lists and search at once, pending review.',
			security: signedIn,
			middleware: [requireUser, write],
			request: { body: checkedBody('application/json', reportInputSchema) },
			responses: {
				201: dataResponse('The report, received', receiptSchema),
				...errorResponses(
					'VALIDATION_ERROR',
					'UNAUTHORIZED',
					'ACCOUNT_SUSPENDED',
					'NOT_FOUND',
					'REPORT_DUPLICATE',
					'RATE_LIMITED',
				),
			},
		}),
		async (c) => {
			// `createReport` checks the body with the dialog's schema and names each field's error.
			const body: unknown = await c.req.json().catch(() => {
				throw new AppError('VALIDATION_ERROR');
			});
			return c.json({ data: await createReport(server.db, c.get('user')!, body) }, 201);
		},
	);
}
