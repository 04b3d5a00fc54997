import { z } from 'zod/mini';
import { heroesOpenApiPaths } from '~/features/heroes/heroes.openapi';
import { profileInputSchema } from '~/features/profiles/profiles';
import { supportOpenApiPaths } from '~/features/support/support.openapi';
import { errorStatus } from '~/server/http/errors';

const errorEnvelope = {
	type: 'object',
	required: ['error'],
	properties: {
		error: {
			type: 'object',
			required: ['code', 'message'],
			properties: {
				code: { type: 'string', enum: Object.keys(errorStatus) },
				message: { type: 'string', description: 'Human-readable, in the request’s language' },
				fields: {
					type: 'object',
					additionalProperties: { type: 'string' },
					description: 'Form field → translation key of its error',
				},
				requestId: { type: 'string' },
			},
		},
	},
} as const;

const area = {
	type: 'object',
	required: [
		'id',
		'name',
		'administrative_division_level_1_name',
		'administrative_division_level_2_name',
	],
	properties: {
		id: { type: 'string' },
		name: { type: 'string' },
		administrative_division_level_1_name: { type: 'string', description: 'Province' },
		administrative_division_level_2_name: { type: 'string', description: 'Regency or city' },
		administrative_division_level_3_name: { type: 'string', description: 'District' },
		postal_code: { type: 'string' },
	},
} as const;

function ok(description: string, data: unknown) {
	return {
		description,
		content: { 'application/json': { schema: { type: 'object', properties: { data } } } },
	};
}

function errors(...codes: (keyof typeof errorStatus)[]) {
	return Object.fromEntries(
		codes.map((code) => [
			String(errorStatus[code]),
			{
				description: code,
				content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
			},
		]),
	);
}

/** The API's OpenAPI 3.1 document; request bodies come from the same schemas the routes use. */
export function openApiDocument(publicUrl: string) {
	return {
		openapi: '3.1.0',
		info: {
			title: 'Hibahin API',
			version: '1.0.0',
			description:
				'Give unused items away for free. Browsers authenticate with the session cookie; other clients send `Authorization: Bearer <access token>` from the identity provider.',
		},
		servers: [{ url: `${publicUrl}/api` }],
		components: {
			securitySchemes: {
				session: { type: 'apiKey', in: 'cookie', name: 'hibahin_session' },
				bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
			},
			schemas: {
				Error: errorEnvelope,
				Area: area,
				ProfileInput: z.toJSONSchema(profileInputSchema, { io: 'input' }),
			},
		},
		security: [{ session: [] }, { bearer: [] }],
		paths: {
			'/profile/check': {
				get: {
					summary: 'Whether the caller’s profile is complete, and the profile',
					responses: {
						'200': ok('The profile check', {
							type: 'object',
							properties: {
								isComplete: { type: 'boolean' },
								createdAt: { type: 'string', format: 'date-time' },
								userId: { type: 'string' },
								profile: { type: 'object' },
							},
						}),
						...errors('UNAUTHORIZED'),
					},
				},
			},
			'/profile': {
				put: {
					summary: 'Complete or edit the caller’s profile',
					requestBody: {
						required: true,
						content: {
							'application/json': { schema: { $ref: '#/components/schemas/ProfileInput' } },
						},
					},
					responses: {
						'200': ok('The saved profile', { type: 'object' }),
						...errors(
							'VALIDATION_ERROR',
							'UNAUTHORIZED',
							'FORBIDDEN',
							'DUPLICATE_PHONE',
							'IMAGE_TOO_LARGE',
							'INVALID_IMAGE_FORMAT',
							'INVALID_AREA',
							'RATE_LIMITED',
						),
					},
				},
			},
			'/profile/{userId}': {
				get: {
					summary: 'A member’s public profile (never email or phone)',
					security: [],
					parameters: [{ name: 'userId', in: 'path', required: true, schema: { type: 'string' } }],
					responses: {
						'200': ok('The public profile', { type: 'object' }),
						...errors('VALIDATION_ERROR', 'NOT_FOUND'),
					},
				},
			},
			'/shipping/areas/search': {
				get: {
					summary: 'Districts matching a query of at least 3 characters',
					security: [],
					parameters: [
						{ name: 'q', in: 'query', required: true, schema: { type: 'string', minLength: 3 } },
					],
					responses: {
						'200': ok('Matching districts, best first', {
							type: 'object',
							properties: {
								areas: { type: 'array', items: { $ref: '#/components/schemas/Area' } },
							},
						}),
						...errors('VALIDATION_ERROR', 'RATE_LIMITED', 'SHIPPING_UNAVAILABLE'),
					},
				},
			},
			'/shipping/areas/{id}': {
				get: {
					summary: 'One district',
					security: [],
					parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
					responses: {
						'200': ok('The district', { $ref: '#/components/schemas/Area' }),
						...errors('NOT_FOUND'),
					},
				},
			},
			'/shipping/rates': {
				get: {
					summary: 'Courier rates (courier delivery is coming soon)',
					security: [],
					responses: errors('SHIPPING_UNAVAILABLE'),
				},
			},
			...heroesOpenApiPaths,
			...supportOpenApiPaths,
		},
	};
}
