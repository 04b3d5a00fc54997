import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { organisationLimits } from '~/config/limits';
import type { UserRow } from '~/server/auth/users';
import type { ServerContext } from '~/server/context';
import { AppError } from '~/server/http/errors';
import { rateLimit, requireUser } from '~/server/http/middleware';
import {
	checkedBody,
	dataResponse,
	errorResponses,
	refuseInput,
	signedIn,
	signedInOrNot,
} from '~/server/http/openapi';
import type { AppEnv } from '~/server/http/types';
import { rateLimitRules } from '~/server/rate-limit';
import { decideOrganisation, organisationsToVerify } from './organisation-desk.server';
import {
	organisationDecisionSchema,
	organisationInputSchema,
	organisationKinds,
	organisationStates,
} from './organisations';
import {
	editOrganisation,
	myOrganisation,
	organisationDocument,
	readOrganisation,
	registerOrganisation,
} from './organisations.server';

/** A base64 document photo is 4/3 of its bytes, plus the form's texts. */
export const organisationBodyLimit =
	Math.ceil((organisationLimits.documentMaxBytes * 4) / 3) + 16 * 1024;

/** Whether a call is one that takes an organisation's document photo, with its own body limit. */
export function isOrganisationUpload(method: string, path: string): boolean {
	return (
		(method === 'POST' && path === '/api/organisations') ||
		(method === 'PUT' && path === '/api/organisations/mine')
	);
}

const summaryFields = {
	id: z.int(),
	name: z.string(),
	kind: z.enum(organisationKinds),
	verified: z.boolean(),
};

/** An organisation as its owner and the moderators see it. */
export const organisationSchema = z
	.object({
		...summaryFields,
		ownerId: z.string(),
		state: z.enum(organisationStates),
		address: z.string(),
		district: z.object({ code: z.string(), name: z.string() }),
		contactName: z.string(),
		hasDocument: z.boolean().openapi({
			description: 'Whether the document photo is still kept (deleted 30 days after the decision)',
		}),
		decisionNote: z.string().nullable(),
		decidedAt: z.iso.datetime().nullable(),
		createdAt: z.iso.datetime(),
	})
	.openapi('Organisation');

/** What anyone reads of a verified organisation. */
export const publicOrganisationSchema = z
	.object({
		...summaryFields,
		district: z.object({ regencyName: z.string(), districtName: z.string() }),
	})
	.openapi('PublicOrganisation');

/** An organisation waiting on the desk, with its owner. */
export const organisationToVerifySchema = organisationSchema
	.extend({ owner: z.object({ id: z.string(), name: z.string() }) })
	.openapi('OrganisationToVerify');

const idParams = z.object({ id: z.coerce.number().int().min(1) });
const notFound = refuseInput(() => new AppError('NOT_FOUND'));

const uploadLimit = bodyLimit({
	maxSize: organisationBodyLimit,
	onError: () => {
		throw new AppError('IMAGE_TOO_LARGE', { document: 'organisations.errors.documentTooLarge' });
	},
});

async function jsonBody(c: Context<AppEnv>): Promise<unknown> {
	return c.req.json().catch(() => {
		throw new AppError('VALIDATION_ERROR');
	});
}

/** What the wiring hands in: who moderates, which the moderation feature above this one knows. */
export interface OrganisationRoutesContext extends ServerContext {
	isModerator: (user: UserRow | null | undefined) => boolean;
}

/** Organisations, their private documents and their verification (docs/product-rules.md#organisations). */
export function organisationRoutes(server: OrganisationRoutesContext) {
	const write = rateLimit(server, 'write', rateLimitRules.write);
	const reader = (c: Context<AppEnv>) => {
		const user = c.get('user') ?? null;
		return { user, isModerator: server.isModerator(user) };
	};
	// The desk's calls answer anyone else that there is nothing here, as the desk's own do.
	const moderatorsOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
		if (!server.isModerator(c.get('user'))) throw new AppError('NOT_FOUND');
		await next();
	};
	const formErrors = errorResponses(
		'VALIDATION_ERROR',
		'UNAUTHORIZED',
		'IMAGE_TOO_LARGE',
		'INVALID_IMAGE_FORMAT',
		'RATE_LIMITED',
	);

	return new OpenAPIHono<AppEnv>()
		.openapi(
			createRoute({
				method: 'post',
				path: '/organisations',
				summary: 'Register the organisation one represents, with a supporting document',
				description:
					'One per person, with a complete profile. The document is a data URL of a JPEG, PNG or WebP photo of at most 5 MB, kept private. The organisation waits for a moderator (`pending`).',
				security: signedIn,
				middleware: [requireUser, write, uploadLimit],
				request: { body: checkedBody('application/json', organisationInputSchema) },
				responses: {
					201: dataResponse('The organisation, pending', organisationSchema),
					...formErrors,
					...errorResponses('FORBIDDEN', 'REQUEST_CONFLICT'),
				},
			}),
			async (c) => {
				const body = await jsonBody(c);
				return c.json({ data: await registerOrganisation(server, c.get('user')!, body) }, 201);
			},
		)
		.openapi(
			createRoute({
				method: 'get',
				path: '/organisations/mine',
				summary: 'The caller’s organisation, in any state, or null',
				security: signedIn,
				middleware: [requireUser],
				responses: {
					200: dataResponse('The caller’s organisation', organisationSchema.nullable()),
					...errorResponses('UNAUTHORIZED'),
				},
			}),
			async (c) => c.json({ data: await myOrganisation(server.db, c.get('user')!.id) }, 200),
		)
		.openapi(
			createRoute({
				method: 'put',
				path: '/organisations/mine',
				summary: 'Edit the caller’s organisation, sending it again when needed',
				description:
					'A refused organisation goes back to `pending`; so does a verified one whose name, type, address or district changes, or that sends a new document. The document may be left out while one is kept.',
				security: signedIn,
				middleware: [requireUser, write, uploadLimit],
				request: { body: checkedBody('application/json', organisationInputSchema) },
				responses: {
					200: dataResponse('The organisation', organisationSchema),
					...formErrors,
					...errorResponses('NOT_FOUND'),
				},
			}),
			async (c) => {
				const body = await jsonBody(c);
				return c.json({ data: await editOrganisation(server, c.get('user')!, body) }, 200);
			},
		)
		.openapi(
			createRoute({
				method: 'get',
				path: '/organisations/{id}',
				summary: 'An organisation: all of it to its owner and moderators, a verified one to anyone',
				security: signedInOrNot,
				request: { params: idParams },
				responses: {
					200: dataResponse(
						'The organisation',
						z.union([organisationSchema, publicOrganisationSchema]),
					),
					...errorResponses('NOT_FOUND'),
				},
			}),
			async (c) =>
				c.json(
					{ data: await readOrganisation(server.db, reader(c), c.req.valid('param').id) },
					200,
				),
			notFound,
		)
		.openapi(
			createRoute({
				method: 'get',
				path: '/organisations/{id}/document',
				summary: 'The supporting document’s photo, to its owner and the moderators only',
				description: 'Never cached: `Cache-Control: private, no-store`.',
				security: signedIn,
				middleware: [requireUser],
				request: { params: idParams },
				responses: {
					200: {
						description: 'The photo, as a WebP file',
						content: { 'image/webp': { schema: z.string().openapi({ format: 'binary' }) } },
					},
					...errorResponses('UNAUTHORIZED', 'NOT_FOUND'),
				},
			}),
			async (c) => {
				const file = await organisationDocument(server, reader(c), c.req.valid('param').id);
				c.header('Content-Type', 'image/webp');
				c.header('Cache-Control', 'private, no-store');
				c.header('X-Content-Type-Options', 'nosniff');
				c.header('Content-Security-Policy', "default-src 'none'");
				return c.body(new Uint8Array(file));
			},
			notFound,
		)
		.openapi(
			createRoute({
				method: 'get',
				path: '/moderation/organisations',
				summary: 'Organisations waiting for verification, oldest first',
				security: signedIn,
				middleware: [moderatorsOnly],
				responses: {
					200: dataResponse('The organisations', z.array(organisationToVerifySchema)),
					...errorResponses('NOT_FOUND'),
				},
			}),
			async (c) => c.json({ data: await organisationsToVerify(server.db) }, 200),
		)
		.openapi(
			createRoute({
				method: 'post',
				path: '/moderation/organisations/{id}',
				summary: 'Verify a pending organisation, or refuse it with a note',
				description:
					'Once per sending. The owner is told, and the audit log keeps the decision. The document photo is deleted 30 days later.',
				security: signedIn,
				middleware: [moderatorsOnly],
				request: {
					params: idParams,
					body: checkedBody('application/json', organisationDecisionSchema),
				},
				responses: {
					201: dataResponse('The audit log entry', z.object({ id: z.int() })),
					...errorResponses('VALIDATION_ERROR', 'NOT_FOUND', 'REQUEST_CONFLICT'),
				},
			}),
			async (c) => {
				const body = await jsonBody(c);
				const { id } = c.req.valid('param');
				return c.json({ data: await decideOrganisation(server.db, c.get('user')!, id, body) }, 201);
			},
			(result) => {
				if (!result.success && result.target === 'param') throw new AppError('NOT_FOUND');
			},
		);
}
