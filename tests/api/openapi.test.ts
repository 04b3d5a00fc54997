import { validate } from '@readme/openapi-parser';
import { expect, it } from 'vitest';
import { createApiApp } from '~/app/api';
import { describeOnDatabases } from '../helpers/test-server';

type Document = { openapi: string; paths: Record<string, Record<string, unknown>> };

describeOnDatabases('OpenAPI document', (use) => {
	async function document(): Promise<Document> {
		const response = await use().request('/openapi.json');
		expect(response.status).toBe(200);
		return response.json();
	}

	it('describes every route the app mounts, and only those', async () => {
		const mounted = new Set(
			createApiApp(use().server)
				// `app.use()` middleware is mounted for every method; routes name theirs.
				.routes.filter((route) => route.method !== 'ALL')
				.map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`),
		);
		const documented = Object.entries((await document()).paths).flatMap(([path, operations]) =>
			Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
		);
		expect(mounted).toContain('GET /api/items/{id}');
		expect(documented.sort()).toEqual([...mounted].sort());
	});

	it('is a valid OpenAPI 3.1 document', async () => {
		const body = await document();
		expect(body.openapi).toBe('3.1.0');
		const result = await validate(structuredClone(body) as never);
		expect(result.valid ? [] : result.errors).toEqual([]);
		expect(result.warnings).toEqual([]);
	});

	it('takes its request schemas from the routes’ own', async () => {
		const { paths } = await document();
		const itemList = paths['/api/items']!['get'] as { parameters: { name: string }[] };
		expect(itemList.parameters.map((parameter) => parameter.name)).toEqual([
			'page',
			'limit',
			'search',
			'sort',
			'category',
			'status',
			'province',
			'regency',
			'district',
			'near',
		]);
		const profile = paths['/api/profile']!['put'] as {
			requestBody: { content: { 'application/json': { schema: { properties: object } } } };
		};
		expect(profile.requestBody.content['application/json'].schema.properties).toHaveProperty(
			'phone',
		);
	});

	it('has items answer with their condition, asked of new listings and optional on edits', async () => {
		const body = (await document()) as Document & {
			components: { schemas: Record<string, { properties: Record<string, unknown> }> };
		};
		const conditions = ['new', 'likeNew', 'used', 'needsRepair'];
		const answered = body.components.schemas['Item']!.properties['condition'] as {
			type: string[];
			enum: (string | null)[];
		};
		expect(answered.type).toContain('null');
		expect(answered.enum).toEqual(expect.arrayContaining(conditions));
		type Form = {
			requestBody: {
				content: {
					'multipart/form-data': {
						schema: { properties: Record<string, { enum?: string[] }>; required: string[] };
					};
				};
			};
		};
		const form = (path: string, method: string) =>
			(body.paths[path]![method] as Form).requestBody.content['multipart/form-data'].schema;
		expect(form('/api/items', 'post').properties['condition']?.enum).toEqual(conditions);
		expect(form('/api/items', 'post').required).toContain('condition');
		expect(form('/api/items/{id}', 'put').properties['condition']?.enum).toEqual(conditions);
		expect(form('/api/items/{id}', 'put').required).not.toContain('condition');
	});
});
