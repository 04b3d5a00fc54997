const list = (description: string, item: unknown) => ({
	description,
	content: {
		'application/json': {
			schema: { type: 'object', properties: { data: { type: 'array', items: item } } },
		},
	},
});

/** The support routes in the OpenAPI document. */
export const supportOpenApiPaths = {
	'/trakteer/supports': {
		get: {
			summary: 'Top supporters, largest first (Trakteer when configured, else the local table)',
			security: [],
			responses: {
				'200': list('Up to 8 supporters', {
					type: 'object',
					properties: {
						supporterName: { type: 'string' },
						amount: { type: 'integer', description: 'Rupiah' },
						supportMessage: { type: ['string', 'null'] },
						quantity: { type: 'integer' },
						unitName: { type: ['string', 'null'] },
					},
				}),
			},
		},
	},
	'/supporters/early-supporters': {
		get: {
			summary: 'Early supporters, in the order they joined',
			security: [],
			responses: {
				'200': list('Early supporters', {
					type: 'object',
					properties: { name: { type: 'string' }, message: { type: ['string', 'null'] } },
				}),
			},
		},
	},
	'/avatars/{seed}.svg': {
		get: {
			summary: 'A generated avatar for a name (SVG, cached for a year)',
			security: [],
			parameters: [
				{ name: 'seed', in: 'path', required: true, schema: { type: 'string', maxLength: 200 } },
			],
			responses: { '200': { description: 'image/svg+xml' } },
		},
	},
};
