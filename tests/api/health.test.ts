import { expect, it } from 'vitest';
import { describeOnDatabases } from '../helpers/test-server';

describeOnDatabases('API basics', (use) => {
	it('answers unknown paths with the NOT_FOUND envelope in the caller’s language', async () => {
		const response = await use().request('/nothing-here', { headers: { 'Accept-Language': 'en' } });
		expect(response.status).toBe(404);
		const body = await response.json();
		expect(body.error.code).toBe('NOT_FOUND');
		expect(body.error.message).toBe('What you are looking for was not found.');
		expect(body.error.requestId).toMatch(/[0-9a-f-]{36}/);
	});

	it('speaks Indonesian by default', async () => {
		const body = await (await use().request('/nothing-here')).json();
		expect(body.error.message).toBe('Data yang dicari tidak ditemukan.');
	});
});
