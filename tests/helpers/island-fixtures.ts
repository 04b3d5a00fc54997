/** What pages hand their islands, small and realistic, for tests that render the islands. */
import type { Item } from '~/features/items/items';
import type { RequestedItem } from '~/features/requests/item-requests';
import type { ProfileCheck } from '~/features/profiles/profiles';
import type { SavedSearch } from '~/features/saved-searches/saved-searches';
import type { CourierOrder, OrderState } from '~/features/shipping/orders';
import type { BlockedPerson } from '~/features/blocks/blocks';

/** Where the chair is picked up. */
export const bandung = {
	provinceCode: '32',
	provinceName: 'Jawa Barat',
	regencyCode: '32.73',
	regencyName: 'Kota Bandung',
	districtCode: '32.73.14',
	districtName: 'Cibeunying Kidul',
};

/** A folding chair, three left, one photo, listed by Ani; `overrides` win. */
export function chair(overrides: Partial<Item> = {}): Item {
	const photo = {
		src: '/media/items/42/chair-1200.webp',
		srcset: '/media/items/42/chair-400.webp 400w, /media/items/42/chair-1200.webp 1200w',
		width: 1200,
		height: 900,
	};
	return {
		id: 42,
		name: 'Kursi lipat',
		description: 'Kursi lipat kayu jati, masih kokoh. Ambil di Cibeunying Kidul.',
		category: 'furniture',
		condition: 'likeNew',
		weight: 3.5,
		length: 45,
		width: 40,
		height: 80,
		quantity: 3,
		reservedQuantity: 0,
		status: 'AVAILABLE',
		visibility: 'listed',
		askedStillAvailable: false,
		chooseAfterHours: null,
		chooseAt: null,
		donatedAt: null,
		createdAt: '2026-11-20T03:00:00.000Z',
		updatedAt: '2026-11-20T03:00:00.000Z',
		images: [photo.src],
		photos: [photo],
		donorId: 'u-ani',
		donor: {
			id: 'u-ani',
			name: 'Ani Lestari',
			avatar: null,
			areaName: 'Cibeunying Kidul',
			hasPhone: true,
		},
		pickup: bandung,
		...overrides,
	};
}

/** The chair at the top of its requests page. */
export const requestedChair: RequestedItem = {
	id: 42,
	name: 'Kursi lipat',
	status: 'AVAILABLE',
	quantity: 3,
	reservedQuantity: 1,
	cover: chair().photos[0]!,
};

/** Siti's profile check: complete, or still without phone, district and address. */
export function profileCheck(complete: boolean): ProfileCheck {
	return {
		isComplete: complete,
		createdAt: '2026-01-05T00:00:00.000Z',
		userId: 'u-siti',
		profile: {
			name: 'Siti Rahma',
			phone: complete ? '+6281234567890' : null,
			address: complete ? 'Jl. Melati No. 5, RT 02/RW 03' : null,
			areaId: complete ? '32.73.14' : null,
			areaName: complete ? 'Cibeunying Kidul, Kota Bandung, Jawa Barat' : null,
			imageUrl: null,
			email: 'siti@example.com',
			bio: complete ? 'Suka berbagi barang yang masih layak pakai.' : null,
		},
	};
}

/** Siti's courier order of one chair, in `state`, as its receiver reads it. */
export function courierOrder(state: OrderState): CourierOrder {
	const unpaid = state === 'awaitingPayment' || state === 'pending';
	const shipped = state === 'shipped' || state === 'delivered';
	return {
		id: 'HBH-42-7-1a2b3c',
		viewer: 'receiver',
		requestId: 7,
		itemId: 42,
		itemName: 'Kursi lipat',
		quantity: 1,
		state,
		recipient: {
			name: 'Siti Rahma',
			phone: '+6281234567890',
			address: 'Jl. Melati No. 5, RT 02/RW 03',
			areaName: 'Sukasari, Kota Bandung, Jawa Barat',
			postalCode: '40153',
		},
		courier: {
			code: 'jne',
			service: 'reg',
			name: 'JNE Regular',
			duration: '2 - 3 days',
			durationRange: { min: 2, max: 3, unit: 'days' },
		},
		amounts: { shipping: 18_000, fee: 1_800, insurance: 0, total: 19_800 },
		payment: unpaid ? { simulated: true, token: null, redirectUrl: null } : null,
		payBy: '2026-11-21T03:00:00.000Z',
		paidAt: unpaid ? null : '2026-11-20T04:00:00.000Z',
		waybill: shipped ? 'JNE0012345678' : null,
		tracking: shipped
			? [{ status: 'picked', note: 'Paket diambil kurir', at: '2026-11-20T08:00:00.000Z' }]
			: [],
		declineReason: null,
		createdAt: '2026-11-20T03:30:00.000Z',
		shippedAt: shipped ? '2026-11-20T08:00:00.000Z' : null,
		deliveredAt: state === 'delivered' ? '2026-11-22T08:00:00.000Z' : null,
		actions: unpaid ? ['cancel'] : [],
	};
}

/** A saved search of `/items` and one of `/needs`. */
export const savedSearches: SavedSearch[] = [
	{
		id: 1,
		label: 'Kursi · Kota Bandung',
		query: '?search=kursi&province=32&regency=3273',
		targets: 'items',
		createdAt: '2026-11-18T03:00:00.000Z',
	},
	{
		id: 2,
		label: 'Buku',
		query: '?category=books',
		targets: 'needs',
		createdAt: '2026-11-19T03:00:00.000Z',
	},
];

/** Someone a donor blocked. */
export const blockedPerson: BlockedPerson = {
	id: 'u-budi',
	name: 'Budi Santoso',
	avatar: null,
	blockedAt: '2026-11-19T03:00:00.000Z',
};
