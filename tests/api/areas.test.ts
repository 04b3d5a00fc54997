import { expect, it } from 'vitest';
import { describeOnDatabases } from '../helpers/test-server';

interface Area {
	id: string;
	name: string;
	administrative_division_level_1_name: string;
	administrative_division_level_2_name: string;
	administrative_division_level_3_name: string;
}

const kebayoranBaru: Area = {
	id: '31.74.07',
	name: 'Kebayoran Baru, Kota Jakarta Selatan, DKI Jakarta',
	administrative_division_level_1_name: 'DKI Jakarta',
	administrative_division_level_2_name: 'Kota Jakarta Selatan',
	administrative_division_level_3_name: 'Kebayoran Baru',
};

describeOnDatabases('Areas API', (use) => {
	async function search(q: string): Promise<Area[]> {
		const response = await use().request(`/shipping/areas/search?q=${encodeURIComponent(q)}`);
		expect(response.status).toBe(200);
		return (await response.json()).data.areas;
	}

	it.each([
		['two letters', '?q=ke'],
		['two letters padded with spaces and punctuation', `?q=${encodeURIComponent(' k-e ')}`],
		['an empty query', '?q='],
		['no query at all', ''],
	])('refuses %s with 400 VALIDATION_ERROR on the q field', async (_, query) => {
		const response = await use().request(`/shipping/areas/search${query}`, {
			headers: { 'Accept-Language': 'en' },
		});
		expect(response.status).toBe(400);
		const { error } = await response.json();
		expect(error.code).toBe('VALIDATION_ERROR');
		expect(error.message).toBe(
			'Some of the data is not right. Please check the highlighted fields.',
		);
		expect(error.fields).toEqual({ q: 'form.errors.areaQueryMin' });
	});

	it.each([
		['the search', '/shipping/areas/search?q=keba%00', 'q'],
		['a district id', '/shipping/areas/31.74.07%00', 'id'],
	])(
		'refuses a NUL character in %s with 400 VALIDATION_ERROR naming it',
		async (_, path, field) => {
			const response = await use().request(path);
			expect(response.status).toBe(400);
			const { error } = await response.json();
			expect(error.code).toBe('VALIDATION_ERROR');
			expect(error.fields).toEqual({ [field]: 'form.errors.invalidCharacter' });
		},
	);

	it('finds districts from three characters on', async () => {
		const areas = await search('keb');
		expect(areas.length).toBeGreaterThan(0);
	});

	it('lists Kebayoran Baru then Kebayoran Lama first for “keba”', async () => {
		const areas = await search('keba');
		expect(areas[0]).toEqual(kebayoranBaru);
		expect(areas[1]).toMatchObject({
			name: 'Kebayoran Lama, Kota Jakarta Selatan, DKI Jakarta',
			administrative_division_level_3_name: 'Kebayoran Lama',
		});
	});

	it('ignores case, extra spaces and accents in the query', async () => {
		const areas = await search('  KEBAYORAN   Báru ');
		expect(areas[0]).toEqual(kebayoranBaru);
	});

	it('returns at most 20 districts', async () => {
		const areas = await search('jakarta');
		expect(areas).toHaveLength(20);
	});

	it('returns an empty list when nothing matches', async () => {
		expect(await search('zzzqqqxxx')).toEqual([]);
	});

	it('returns one district by id, the same as the search shows it', async () => {
		const response = await use().request(`/shipping/areas/${kebayoranBaru.id}`);
		expect(response.status).toBe(200);
		expect((await response.json()).data).toEqual(kebayoranBaru);
	});

	it.each(['99.99.99', 'kebayoran'])(
		'answers an unknown area id (%s) with 404 NOT_FOUND',
		async (id) => {
			const response = await use().request(`/shipping/areas/${id}`);
			expect(response.status).toBe(404);
			expect((await response.json()).error.code).toBe('NOT_FOUND');
		},
	);
});
