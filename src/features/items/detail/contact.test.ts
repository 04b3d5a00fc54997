import { describe, expect, it } from 'vitest';
import {
	contactAction,
	type ItemViewer,
	isOwnItem,
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
		expect(decide(receiver, { hasPhone: true, phone: '' })).toEqual({ kind: 'noPhone' });
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

	it('hides it once the item is no longer available', () => {
		expect(showsPickupPanel(receiver, { ...item, status: 'DONATED' })).toBe(false);
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
