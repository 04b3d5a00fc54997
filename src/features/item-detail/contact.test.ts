import { describe, expect, it } from 'vitest';
import { ApiError } from '~/lib/api-client';
import { useTranslations } from '~/server/i18n';
import { donorMessages } from './detail-resources.server';
import {
	askableQuantity,
	contactAction,
	donorMessage,
	fillMessage,
	type ItemViewer,
	isOwnItem,
	refusalMessage,
	showsPickupPanel,
	withProfileCheck,
} from './contact';

const signedOut: ItemViewer = { signedIn: false, isComplete: false, userId: null };
const incomplete: ItemViewer = { signedIn: true, isComplete: false, userId: 'u-receiver' };
const receiver: ItemViewer = { signedIn: true, isComplete: true, userId: 'u-receiver' };
const donorWithPhone = { hasPhone: true, phone: '+6281234567890' };

function decide(viewer: ItemViewer, donor = donorWithPhone, locale: 'id' | 'en' = 'id') {
	const itemPath = locale === 'id' ? '/items/42' : '/en/items/42';
	return contactAction({ viewer, donor, locale, itemPath, message: 'Halo, kursi?' });
}

describe('contactAction', () => {
	it('sends signed-out visitors to sign up and back to the item', () => {
		expect(decide(signedOut)).toEqual({
			kind: 'signIn',
			href: '/register?redirectTo=%2Fitems%2F42&reason=loginRequired',
		});
		expect(decide(signedOut, donorWithPhone, 'en')).toEqual({
			kind: 'signIn',
			href: '/en/register?redirectTo=%2Fen%2Fitems%2F42&reason=loginRequired',
		});
	});

	it('sends an incomplete profile to complete it first, then back to the item', () => {
		expect(decide(incomplete)).toEqual({
			kind: 'completeProfile',
			href: '/complete-profile?redirectTo=%2Fitems%2F42&reason=completeProfileFirst',
		});
	});

	it('asks for a sign-in before telling anyone the donor has no phone', () => {
		expect(decide(signedOut, { hasPhone: false, phone: '' }).kind).toBe('signIn');
	});

	it('refuses when the donor has no phone number', () => {
		expect(decide(receiver, { hasPhone: false, phone: '' })).toEqual({ kind: 'noPhone' });
	});

	it('lets a request go when the server withholds a phone the donor has', () => {
		expect(decide(receiver, { hasPhone: true, phone: '' })).toEqual({ kind: 'withheld' });
	});

	it('opens a WhatsApp chat with the donor and the prefilled message', () => {
		expect(decide(receiver)).toEqual({
			kind: 'chat',
			url: 'https://wa.me/6281234567890?text=Halo%2C%20kursi%3F',
		});
	});
});

describe('who sees the pickup panel', () => {
	const item = { donorId: 'u-donor', status: 'AVAILABLE' as const };

	it('shows it to everyone but the donor while the item is available', () => {
		expect(showsPickupPanel(signedOut, item)).toBe(true);
		expect(showsPickupPanel(receiver, item)).toBe(true);
		expect(showsPickupPanel({ ...receiver, userId: 'u-donor' }, item)).toBe(false);
	});

	it('keeps it while everything is reserved, for the waiting list', () => {
		expect(showsPickupPanel(receiver, { ...item, status: 'RESERVED' })).toBe(true);
	});

	it('hides it once the item is given away', () => {
		for (const status of ['DONATED', 'SHIPPED', 'CANCELLED'] as const) {
			expect(showsPickupPanel(receiver, { ...item, status }), status).toBe(false);
		}
	});

	it('knows the donor’s own item', () => {
		expect(isOwnItem({ ...receiver, userId: 'u-donor' }, item)).toBe(true);
		expect(isOwnItem(signedOut, item)).toBe(false);
	});
});

describe('withProfileCheck', () => {
	it('lets a profile completed after the page was rendered count once the check has seen it', () => {
		const checked = withProfileCheck(incomplete, { userId: 'u-receiver', isComplete: true });
		expect(decide(checked).kind).toBe('chat');
		expect(withProfileCheck(incomplete, undefined)).toBe(incomplete);
	});

	it("ignores a check of someone else, and a signed-out visitor's page", () => {
		expect(withProfileCheck(incomplete, { userId: 'u-other', isComplete: true })).toBe(incomplete);
		expect(withProfileCheck(signedOut, { userId: 'u-receiver', isComplete: true })).toBe(signedOut);
	});
});

describe('askableQuantity', () => {
	const item = { status: 'AVAILABLE' as const, quantity: 5, reservedQuantity: 3 };

	it('is what no reservation holds while the item is available', () => {
		expect(askableQuantity(item)).toBe(2);
	});

	it('is all that is left on the waiting list of a reserved item', () => {
		expect(askableQuantity({ ...item, status: 'RESERVED', reservedQuantity: 5 })).toBe(5);
	});

	it('is nothing once the item is given away', () => {
		expect(askableQuantity({ ...item, status: 'DONATED' })).toBe(0);
	});
});

describe('refusalMessage', () => {
	const t = useTranslations('en');

	it('says what is wrong with the quantity when the field rule names it', () => {
		const error = new ApiError(400, 'VALIDATION_ERROR', 'Some of the data is not right.', {
			quantity: 'requests.errors.quantityOverAvailable',
		});
		expect(refusalMessage(error, t)).toBe('The quantity is more than is still available.');
	});

	it('passes on the server’s message, which names the limit', () => {
		const error = new ApiError(409, 'REQUEST_LIMIT', 'You already have 5 requests in progress.');
		expect(refusalMessage(error, t)).toBe('You already have 5 requests in progress.');
	});

	it('says the request was not sent when the connection failed', () => {
		expect(refusalMessage(new TypeError('Failed to fetch'), t)).toBe(
			'Your request could not be sent. Please try again.',
		);
	});
});

describe('the message to the donor', () => {
	const values = {
		name: 'Kursi lipat',
		count: 2,
		available: 3,
		url: 'https://hibahin.id/en/items/42',
	};

	it('is written in the donor’s language, whatever the page’s', () => {
		expect(donorMessage(donorMessages('id', 'en')!, 'message', values)).toBe(
			'Halo Kak, saya melihat barang "Kursi lipat" yang Kakak hibahkan. Apakah masih ada? ' +
				'Saya ingin mengambil 2 dari 3 yang ada. https://hibahin.id/en/items/42',
		);
		expect(donorMessage(donorMessages('en', 'id')!, 'waitingListMessage', values)).toBe(
			'Hi, I saw "Kursi lipat" that you are giving away. It is all reserved now; if some ' +
				'becomes free again, I would like to pick up 2. https://hibahin.id/en/items/42',
		);
	});

	it('asks for one thing in the singular, and for all there is without counting', () => {
		const one = { ...values, count: 1, available: 1 };
		expect(donorMessage(donorMessages('en', 'id')!, 'messageAll', one)).toBe(
			'Hi, I saw "Kursi lipat" that you are giving away. Is it still available? I would like to ' +
				'pick it up. https://hibahin.id/en/items/42',
		);
		expect(donorMessage(donorMessages('en', 'id')!, 'message', { ...values, count: 1 })).toContain(
			'pick up one of the 3 you have',
		);
	});

	it('comes from the island’s own texts when the donor uses the page’s language', () => {
		for (const [language, other] of [
			['id', 'en'],
			['en', 'id'],
		] as const) {
			expect(donorMessages(language, language)).toBeNull();
			const t = useTranslations(language);
			for (const kind of ['message', 'messageAll', 'waitingListMessage'] as const) {
				for (const count of [1, 2]) {
					expect(t(`itemDetail.whatsapp.${kind}`, { ...values, count })).toBe(
						donorMessage(donorMessages(language, other)!, kind, { ...values, count }),
					);
				}
			}
		}
	});

	it('leaves a placeholder it has no value for as it is', () => {
		expect(fillMessage('{{name}} · {{unknown}}', { name: 'Kursi' })).toBe('Kursi · {{unknown}}');
	});
});
