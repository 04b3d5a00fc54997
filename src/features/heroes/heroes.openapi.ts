import { rankingLimits, rankingRanges, rankingSorts } from './heroes';

const errorResponse = (description: string) => ({
	description,
	content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const data = (description: string, schema: unknown) => ({
	description,
	content: { 'application/json': { schema: { type: 'object', properties: { data: schema } } } },
});

const badge = {
	type: 'object',
	properties: {
		id: { type: 'string', enum: ['RANK_1', 'RANK_2', 'RANK_3', 'VERIFIED'] },
		name: { type: 'string', description: 'In the request’s language' },
		icon: {
			type: 'string',
			description: 'An emoji for clients that show text; the site draws its own picture per id',
		},
		style: { type: 'string' },
		description: { type: 'string', description: 'In the request’s language' },
	},
};

const heroEntry = {
	type: 'object',
	properties: {
		rank: { type: 'integer', description: 'Position in the requested order' },
		userId: { type: 'string' },
		totalDonations: { type: 'integer' },
		impactScore: { type: 'integer', description: 'Σ (10 × quantity + round(kg × quantity))' },
		kgDonated: { type: 'number' },
		lastDonatedAt: { type: 'string', format: 'date-time' },
		user: {
			type: 'object',
			properties: { name: { type: ['string', 'null'] }, avatar: { type: ['string', 'null'] } },
		},
		badges: { type: 'array', items: badge },
	},
};

/** The heroes routes in the OpenAPI document. */
export const heroesOpenApiPaths = {
	'/heroes/top': {
		get: {
			summary: 'The first five of the all-time impact ranking',
			security: [],
			responses: { '200': data('Top heroes', { type: 'array', items: heroEntry }) },
		},
	},
	'/heroes/rankings': {
		get: {
			summary: 'A page of the heroes rankings (month and year in Asia/Jakarta time)',
			security: [],
			parameters: [
				{ name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
				{
					name: 'limit',
					in: 'query',
					schema: {
						type: 'integer',
						minimum: 1,
						maximum: rankingLimits.maxLimit,
						default: rankingLimits.pageSize,
					},
				},
				{ name: 'range', in: 'query', schema: { enum: rankingRanges, default: 'all' } },
				{ name: 'sort', in: 'query', schema: { enum: rankingSorts, default: 'impact' } },
			],
			responses: {
				'200': data('Rankings and page facts', {
					type: 'object',
					properties: {
						rankings: { type: 'array', items: heroEntry },
						meta: {
							type: 'object',
							properties: {
								currentPage: { type: 'integer' },
								totalPages: { type: 'integer' },
								hasNextPage: { type: 'boolean' },
								hasPrevPage: { type: 'boolean' },
								total: { type: 'integer' },
							},
						},
					},
				}),
				'400': errorResponse('VALIDATION_ERROR'),
			},
		},
	},
	'/heroes/totals': {
		get: {
			summary: 'Site-wide impact: donated items, their kg, donors',
			security: [],
			responses: {
				'200': data('Totals', {
					type: 'object',
					properties: {
						itemsGiven: { type: 'integer' },
						kgDonated: { type: 'number' },
						donors: { type: 'integer' },
					},
				}),
			},
		},
	},
};
