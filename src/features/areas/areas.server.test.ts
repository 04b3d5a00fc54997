import { describe, expect, it } from 'vitest';
import { areaSearchLimit, isSearchableAreaQuery, normalizeAreaQuery } from './areas';
import { createEmbeddedAreaDirectory, loadEmbeddedAreas } from './areas.server';

const directory = createEmbeddedAreaDirectory();

async function names(query: string, limit?: number): Promise<string[]> {
	return (await directory.search(query, limit)).map((a) => a.name);
}

describe('normalizeAreaQuery', () => {
	it('folds case, accents, punctuation and spacing', () => {
		expect(normalizeAreaQuery('  KEBAYORAN \t Báru ')).toBe('kebayoran baru');
		expect(normalizeAreaQuery("Sa'dan")).toBe('sadan');
		expect(normalizeAreaQuery('Fak-Fak, Kep. Seribu')).toBe('fak fak kep seribu');
		expect(normalizeAreaQuery('İstanbul')).toBe('istanbul');
	});

	it('counts letters and digits for the minimum length', () => {
		expect(isSearchableAreaQuery('keb')).toBe(true);
		expect(isSearchableAreaQuery(' k-e ')).toBe(false);
		expect(isSearchableAreaQuery('ké')).toBe(false);
	});
});

describe('embedded area directory', () => {
	it('holds every district of the official list', async () => {
		const areas = await loadEmbeddedAreas();
		expect(areas.length).toBeGreaterThan(7000);
		expect(new Set(areas.map((a) => a.id)).size).toBe(areas.length);
	});

	it('puts Kebayoran Baru and Kebayoran Lama first for "keba"', async () => {
		const [first, second] = await directory.search('keba');
		expect(first).toEqual({
			id: '31.74.07',
			name: 'Kebayoran Baru, Kota Jakarta Selatan, DKI Jakarta',
			administrative_division_level_1_name: 'DKI Jakarta',
			administrative_division_level_2_name: 'Kota Jakarta Selatan',
			administrative_division_level_3_name: 'Kebayoran Baru',
		});
		expect(second?.name).toBe('Kebayoran Lama, Kota Jakarta Selatan, DKI Jakarta');
	});

	it('ranks an exact district name above names that only start with it', async () => {
		const results = await directory.search('bandung');
		const districts = results.map((a) => a.administrative_division_level_3_name);
		// Both exact "Bandung" districts are in regencies, yet beat "Bandung Wetan" in the city.
		expect(districts.slice(0, 2)).toEqual(['Bandung', 'Bandung']);
		expect(districts.slice(2, 5)).toEqual(['Bandung Kidul', 'Bandung Kulon', 'Bandung Wetan']);
		expect(districts).toContain('Sumur Bandung');
	});

	it('lists a city’s districts when the query names the city', async () => {
		const results = await directory.search('jakarta selatan');
		const cities = results.map((a) => a.administrative_division_level_2_name);
		expect(cities.slice(0, 10)).toEqual(Array(10).fill('Kota Jakarta Selatan'));
		// Then weaker matches with both words somewhere: "Selatan" district, Jakarta province.
		expect(results[10]?.name).toBe(
			'Kepulauan Seribu Selatan, Kabupaten Kepulauan Seribu, DKI Jakarta',
		);
	});

	it('matches words spread over district, city and province', async () => {
		expect(await names('kebayoran lama jakarta')).toEqual([
			'Kebayoran Lama, Kota Jakarta Selatan, DKI Jakarta',
		]);
		expect(await names('kebayoran jakarta')).toEqual([
			'Kebayoran Baru, Kota Jakarta Selatan, DKI Jakarta',
			'Kebayoran Lama, Kota Jakarta Selatan, DKI Jakarta',
		]);
		expect((await names('jakarta kebayoran baru'))[0]).toBe(
			'Kebayoran Baru, Kota Jakarta Selatan, DKI Jakarta',
		);
	});

	it('ignores case, accents, punctuation and extra spaces', async () => {
		const expected = await names('kebayoran baru');
		expect(expected[0]).toBe('Kebayoran Baru, Kota Jakarta Selatan, DKI Jakarta');
		expect(await names('  KEBAYORAN   Báru ')).toEqual(expected);
		expect(await names('kebayoran-baru.')).toEqual(expected);
		expect((await names('sadan'))[0]).toBe("Sa'dan, Kabupaten Toraja Utara, Sulawesi Selatan");
		expect((await names('fakfak'))[0]).toBe('Fak-Fak, Kabupaten Fak Fak, Papua Barat');
	});

	it('prefers districts of cities over those of regencies within a tier', async () => {
		const results = await directory.search('malang');
		const cityAreas = results.filter(
			(a) => a.administrative_division_level_2_name === 'Kota Malang',
		);
		expect(cityAreas.length).toBeGreaterThan(0);
		// "Malang" districts do not exist, so the city's districts lead the regency's.
		const firstRegencyMatch = results.findIndex(
			(a) => a.administrative_division_level_2_name === 'Kabupaten Malang',
		);
		const lastCityMatch = results.findLastIndex(
			(a) => a.administrative_division_level_2_name === 'Kota Malang',
		);
		expect(lastCityMatch).toBeLessThan(firstRegencyMatch);
	});

	it('gives nothing under 3 characters', async () => {
		expect(await directory.search('ke')).toEqual([]);
		expect(await directory.search('  k-e  ')).toEqual([]);
		expect(await directory.search('')).toEqual([]);
	});

	it('returns 20 results by default and honours a limit', async () => {
		expect(await directory.search('jawa')).toHaveLength(areaSearchLimit);
		expect(await directory.search('jawa', 5)).toHaveLength(5);
		expect(await directory.search('jawa', 0)).toEqual([]);
	});

	it('finds nothing for a place that does not exist', async () => {
		expect(await directory.search('xyzzy')).toEqual([]);
	});

	it('gets a district by code, the same as search shows it', async () => {
		const [fromSearch] = await directory.search('kebayoran baru');
		expect(await directory.get('31.74.07')).toEqual(fromSearch);
		expect(await directory.get('99.99.99')).toBeNull();
		expect(await directory.get('')).toBeNull();
	});
});
