import { describe, expect, it } from 'vitest';
import { requestFor as request } from '../../../tests/helpers/item-requests';
import { ApiError } from '~/lib/api-client';
import { createTranslator } from '~/lib/i18n/translate';
import { allResources } from '~/server/i18n';
import {
	currentItem,
	keepNewMarks,
	type RequestedItem,
	refusalMessage,
	requestQuantity,
	reservableQuantity,
	splitRequests,
	stockFigures,
} from './item-requests';
import type { ItemRequest } from './requests';

const chair: RequestedItem = {
	id: 7,
	name: 'Kursi lipat',
	status: 'AVAILABLE',
	quantity: 3,
	reservedQuantity: 0,
	cover: null,
};

describe('currentItem', () => {
	it("takes the item's status and quantities from the latest list of its requests", () => {
		const reserved = request(1, 'reserved', {
			item: { status: 'RESERVED', quantity: 2, reservedQuantity: 2 },
		});
		expect(currentItem(chair, [reserved])).toEqual({
			...chair,
			status: 'RESERVED',
			quantity: 2,
			reservedQuantity: 2,
		});
	});

	it("keeps the page's item while there are no requests yet", () => {
		expect(currentItem(chair, [])).toBe(chair);
		expect(currentItem(chair, undefined)).toBe(chair);
	});
});

describe('keepNewMarks', () => {
	it('keeps the "new" marks a request had when the page first showed it', () => {
		const first = [request(1, 'open', { isNew: true }), request(2, 'open', { isNew: false })];
		const again = [request(1, 'reserved', { isNew: false }), request(2, 'open', { isNew: false })];
		expect(keepNewMarks(first, again).map((entry) => entry.isNew)).toEqual([true, false]);
	});

	it('drops the mark of a request that has ended', () => {
		const first = [request(1, 'open', { isNew: true })];
		expect(keepNewMarks(first, [request(1, 'declined', { isNew: false })])[0]!.isNew).toBe(false);
	});

	it('takes the first list as it is', () => {
		const list = [request(1, 'open', { isNew: true })];
		expect(keepNewMarks(undefined, list)).toEqual(list);
	});
});

describe('splitRequests', () => {
	it('puts open, reserved and handed-over requests before the ones that ended', () => {
		const list = [
			request(1, 'handedOver'),
			request(2, 'reserved'),
			request(3, 'open'),
			request(4, 'confirmed'),
			request(5, 'declined'),
			request(6, 'withdrawn'),
			request(7, 'expired'),
		];
		const { inProgress, earlier } = splitRequests(list);
		expect(inProgress.map(({ id }) => id)).toEqual([1, 2, 3]);
		expect(earlier.map(({ id }) => id)).toEqual([4, 5, 6, 7]);
	});
});

describe('reservableQuantity', () => {
	const asking = (quantity: number, item: Partial<ItemRequest['item']>) =>
		request(1, 'open', { quantity, item });

	it('offers what was asked while enough is unreserved', () => {
		expect(reservableQuantity(asking(2, { quantity: 3, reservedQuantity: 1 }))).toBe(2);
	});

	it('offers at most what is not yet reserved for others', () => {
		expect(reservableQuantity(asking(3, { quantity: 3, reservedQuantity: 2 }))).toBe(1);
	});

	it('offers nothing while everything left is reserved: the request waits in line', () => {
		expect(
			reservableQuantity(asking(1, { status: 'RESERVED', quantity: 2, reservedQuantity: 2 })),
		).toBe(0);
	});
});

describe('requestQuantity', () => {
	it('counts what was handed over once it was, else what was asked or reserved', () => {
		expect(requestQuantity(request(1, 'open', { quantity: 3 }))).toBe(3);
		expect(requestQuantity(request(1, 'reserved', { quantity: 2 }))).toBe(2);
		expect(requestQuantity(request(1, 'handedOver', { quantity: 2, givenQuantity: 1 }))).toBe(1);
		expect(requestQuantity(request(1, 'confirmed', { quantity: 2, givenQuantity: 2 }))).toBe(2);
	});
});

describe('refusalMessage', () => {
	const t = createTranslator('en', allResources);
	const fallback = 'The change could not be saved.';

	it("translates the rule a refused quantity broke, in the page's language", () => {
		const refused = new ApiError(400, 'VALIDATION_ERROR', 'Some of the data is not right.', {
			quantity: 'requests.errors.quantityOverAsked',
		});
		expect(refusalMessage(refused, t, fallback)).toBe(
			allResources.en.requests.errors.quantityOverAsked,
		);
		expect(refusalMessage(refused, createTranslator('id', allResources), fallback)).toBe(
			allResources.id.requests.errors.quantityOverAsked,
		);
	});

	it("says what the server said when a request moved on, once, in the server's words", () => {
		const conflict = new ApiError(409, 'REQUEST_CONFLICT', 'Only 1 is left unreserved.');
		expect(refusalMessage(conflict, t, fallback)).toBe('Only 1 is left unreserved.');
	});

	it('falls back when the server said nothing, or could not be reached', () => {
		expect(refusalMessage(new ApiError(500, 'INTERNAL', ''), t, fallback)).toBe(fallback);
		expect(refusalMessage(new TypeError('Failed to fetch'), t, fallback)).toBe(fallback);
	});
});

describe('stockFigures', () => {
	const figures = {
		en: createTranslator('en', allResources),
		id: createTranslator('id', allResources),
	};

	it.each([
		[3, 0, '3 left', 'Sisa 3'],
		[1, 0, '1 left', 'Sisa 1'],
		[3, 1, '3 left, 1 of them reserved', 'Sisa 3, 1 di antaranya sudah disisihkan'],
		[2, 2, 'All 2 are reserved', 'Semua 2 barang sudah disisihkan'],
		// The only one, reserved: not "1 left · 1 reserved".
		[1, 1, 'It is reserved', 'Barangnya sudah disisihkan'],
	])('%i left with %i reserved reads "%s"', (quantity, reservedQuantity, en, id) => {
		expect(stockFigures({ quantity, reservedQuantity }, figures.en)).toBe(en);
		expect(stockFigures({ quantity, reservedQuantity }, figures.id)).toBe(id);
	});
});
