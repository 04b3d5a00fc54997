import { type OpenAPIHono, type RouteConfig, z } from '@hono/zod-openapi';
import { fieldErrors } from '~/lib/field-errors';
import { sessionCookieName } from '~/server/auth/cookies';
import type { ServerConfig } from '~/server/config';
import { AppError, type ErrorCode, errorStatus } from './errors';
import type { AppEnv } from './types';

/** The answer of every failed call (docs/product-rules.md#error-envelope). */
const errorEnvelope = z
	.object({
		error: z.object({
			code: z.enum(Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]]),
			message: z.string().openapi({ description: 'Human-readable, in the request’s language' }),
			fields: z
				.record(z.string(), z.string())
				.optional()
				.openapi({ description: 'Form field → translation key of its error' }),
			requestId: z.string(),
		}),
	})
	.openapi('Error');

const retryAfter = {
	'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' as const } },
};

interface ErrorResponse {
	description: string;
	headers?: typeof retryAfter;
	content: { 'application/json': { schema: typeof errorEnvelope } };
}

type ErrorResponses<C extends ErrorCode> = { [S in (typeof errorStatus)[C]]: ErrorResponse };

/** The route's documented failures, by code; codes that share a status share its entry. */
export function errorResponses<C extends ErrorCode>(...codes: C[]): ErrorResponses<C> {
	const responses: Record<number, ErrorResponse> = {};
	for (const code of codes) {
		const shared = responses[errorStatus[code]];
		responses[errorStatus[code]] = {
			description: shared ? `${shared.description} or ${code}` : code,
			content: { 'application/json': { schema: errorEnvelope } },
			...(code === 'RATE_LIMITED' ? { headers: retryAfter } : {}),
		};
	}
	return responses as ErrorResponses<C>;
}

/** A successful JSON answer: `{ data }`, the shape every call answers with. */
export function dataResponse<T extends z.ZodType>(description: string, data: T) {
	return { description, content: { 'application/json': { schema: z.object({ data }) } } };
}

type RequestBody = NonNullable<NonNullable<RouteConfig['request']>['body']>;

/**
 * The body of a route whose handler checks it with a schema the browser shares (written with
 * `zod/mini`, which the document's generator cannot read): that schema as JSON Schema, and
 * `parts` beside its fields (a form's files).
 */
export function checkedBody(
	mediaType: 'application/json' | 'multipart/form-data',
	schema: z.core.$ZodType,
	parts: { properties?: Record<string, object>; required?: string[] } = {},
): RequestBody {
	const { $schema: _, ...jsonSchema } = z.toJSONSchema(schema, { io: 'input' });
	const documented = {
		...jsonSchema,
		properties: { ...jsonSchema.properties, ...parts.properties },
		required: [...(jsonSchema.required ?? []), ...(parts.required ?? [])],
	};
	// zod's JSON Schema type and the document's describe the same objects in different words.
	return { required: true, content: { [mediaType]: { schema: documented as object } } };
}

/** What the validators hand a route's hook. */
type ValidationResult =
	{ success: true } | { success: false; error: { issues: readonly z.core.$ZodIssue[] } };

/**
 * What a route answers when its schema refuses the path or query: the error `refusal` makes, as
 * the handler would throw it, so the caller sees the same envelope either way.
 */
export function refuseInput(refusal: (issues: readonly z.core.$ZodIssue[]) => AppError) {
	return (result: ValidationResult): undefined => {
		if (!result.success) throw refusal(result.error.issues);
	};
}

/** Input refused without a field to blame. */
export const refuseInvalidInput = refuseInput(() => new AppError('VALIDATION_ERROR'));

/** A body refused field by field, each with its message key, as the forms show them. */
export const refuseInvalidFields = refuseInput(
	(issues) => new AppError('VALIDATION_ERROR', fieldErrors(issues)),
);

/** A route for signed-in callers: the session cookie or an access token. */
export const signedIn = [{ session: [] }, { bearer: [] }];
/** A route for anyone, whose answer depends on who is signed in (a donor's phone). */
export const signedInOrNot = [{}, ...signedIn];
/** A route whose answer is the same for everyone. */
export const anyone = [];

/** The API's OpenAPI 3.1 document, generated from the routes `app` mounts. */
export function openApiDocument(
	app: Pick<OpenAPIHono<AppEnv>, 'getOpenAPI31Document'>,
	config: ServerConfig,
) {
	const document = app.getOpenAPI31Document({
		openapi: '3.1.0',
		info: {
			title: 'Hibahin API',
			version: '1.0.0',
			description:
				'Give unused items away for free. Browsers authenticate with the session cookie; other clients send `Authorization: Bearer <access token>` from the identity provider. Any call may also fail with `FORBIDDEN` (a write from another site), `UNAUTHORIZED` (a bearer token that does not check out) or `INTERNAL`.',
		},
		servers: [{ url: config.publicUrl }],
		security: signedIn,
	});
	const securitySchemes = {
		session: { type: 'apiKey', in: 'cookie', name: sessionCookieName(config) },
		bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
	} as const;
	return { ...document, components: { ...document.components, securitySchemes } };
}
