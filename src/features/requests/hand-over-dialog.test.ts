import { describe, expect, it } from 'vitest';
import { createTranslator } from '~/lib/i18n/translate';
import { allResources } from '~/server/i18n';
import { requestFor } from '../../../tests/helpers/item-requests';
import { handOverQuestion } from './HandOverDialog';

describe('handOverQuestion', () => {
	const reserved = requestFor(3, 'reserved', { quantity: 2, actions: ['handOver'] });
	const en = createTranslator('en', allResources);
	const id = createTranslator('id', allResources);

	it('names the receiver and the item, and says the step cannot be undone', () => {
		expect(handOverQuestion({ request: reserved, quantity: 1 }, en)).toEqual({
			title: 'Handed over to Budi Santoso?',
			message:
				'Mark "Kursi lipat" as handed over to Budi Santoso? Budi Santoso will be asked to confirm they received it. This cannot be undone.',
		});
		expect(handOverQuestion({ request: reserved, quantity: 1 }, id)).toEqual({
			title: 'Sudah diserahkan kepada Budi Santoso?',
			message:
				'Tandai "Kursi lipat" sudah diserahkan kepada Budi Santoso? Budi Santoso akan diminta mengonfirmasi bahwa barangnya sudah diterima. Langkah ini tidak bisa dibatalkan.',
		});
	});

	it('counts what is handed over only when it is more than one', () => {
		expect(handOverQuestion({ request: reserved, quantity: 2 }, en).message).toMatch(
			/^Mark 2 of "Kursi lipat" as handed over to Budi Santoso\? .* received them\./,
		);
		expect(handOverQuestion({ request: reserved, quantity: 2 }, id).message).toMatch(
			/^Tandai 2 barang "Kursi lipat" sudah diserahkan kepada Budi Santoso\?/,
		);
	});
});
