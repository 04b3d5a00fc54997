import { describe, expect, it } from 'vitest';
import { useTranslations } from '~/server/i18n';
import { pickupRecord } from './giving-record';

const t = { en: useTranslations('en'), id: useTranslations('id') };

describe('pickupRecord', () => {
	it.each([
		// None yet reads as words, not "0 · 0".
		[0, 0, 'No pickups yet', 'Belum pernah mengambil barang'],
		[13, 1, '13 pickups completed · 1 no-show', '13 pengambilan selesai · 1 kali tidak datang'],
		[1, 2, '1 pickup completed · 2 no-shows', '1 pengambilan selesai · 2 kali tidak datang'],
		[2, 0, '2 pickups completed · never missed one', '2 pengambilan selesai · selalu datang'],
		[0, 1, 'No pickups yet · 1 no-show', 'Belum pernah mengambil barang · 1 kali tidak datang'],
	])('%i pickups and %i no-shows read "%s"', (pickupsCompleted, noShows, en, id) => {
		expect(pickupRecord({ pickupsCompleted, noShows }, t.en)).toBe(en);
		expect(pickupRecord({ pickupsCompleted, noShows }, t.id)).toBe(id);
	});
});
