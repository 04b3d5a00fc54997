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
			description:
				'Whether this report took the item, the need or the drive (with its needs) out of sight, pending review',
		}),
	})
	.openapi('ReportReceipt');

/** Reports of items, people, thank-yous, needs and drives (`/api/reports`), read by the moderation desk. */
export function reportRoutes(server: ServerContext) {
	const write = rateLimit(server, 'write', rateLimitRules.write);

	return new OpenAPIHono<AppEnv>().openapi(
		createRoute({
			method: 'post',
			path: '/reports',
			summary: 'Report an item, a person, a thank-you, a need or a drive to the moderators',
			description:
				'One open report per reporter and target, at most 10 a day; nobody reports themselves or what they posted. An item, a need or a drive reported by three different people with complete profiles leaves lists and search at once, pending review; a drive takes its needs with it.',
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
