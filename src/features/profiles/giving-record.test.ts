import { describe, expect, it } from 'vitest';
import { useTranslations } from '~/server/i18n';
import { answerTime, donorRecord, pickupRecord } from './giving-record';

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

describe('answerTime', () => {
	it.each([
		[null, null, null],
		[1, 'usually answers within an hour', 'biasanya menjawab dalam satu jam'],
		[60, 'usually answers within an hour', 'biasanya menjawab dalam satu jam'],
		[61, 'usually answers within 2 hours', 'biasanya menjawab dalam 2 jam'],
		[23 * 60 + 1, 'usually answers within 24 hours', 'biasanya menjawab dalam 24 jam'],
		[24 * 60, 'usually answers within 1 day', 'biasanya menjawab dalam 1 hari'],
		[50 * 60, 'usually answers within 3 days', 'biasanya menjawab dalam 3 hari'],
	])('%s minutes read "%s", rounded up', (minutes, en, id) => {
		expect(answerTime(minutes, t.en)).toBe(en);
		expect(answerTime(minutes, t.id)).toBe(id);
	});
});

describe('donorRecord', () => {
	it.each([
		[0, 0, null, 'No hand-overs yet', 'Belum ada serah terima'],
		[
			8,
			1,
			90,
			'8 hand-overs completed · 1 no-show · usually answers within 2 hours',
			'8 serah terima selesai · 1 kali tidak datang · biasanya menjawab dalam 2 jam',
		],
		[
			1,
			0,
			30,
			'1 hand-over completed · usually answers within an hour',
			'1 serah terima selesai · biasanya menjawab dalam satu jam',
		],
	])(
		'%i hand-overs, %i no-shows and %s minutes to answer read "%s"',
		(handOversCompleted, donorNoShows, answerMinutes, en, id) => {
			const record = { handOversCompleted, donorNoShows, answerMinutes };
			expect(donorRecord(record, t.en)).toBe(en);
			expect(donorRecord(record, t.id)).toBe(id);
		},
	);
});
