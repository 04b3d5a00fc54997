import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { expect, it } from 'vitest';
import { badgeTextOf } from '~/features/heroes/badges';
import DonorItems from '~/features/items/DonorItems.astro';
import { donorAvailableItems } from '~/features/items/items.server';
import ProfileStanding from '~/features/profiles/ProfileStanding.astro';
import { memberStanding } from '~/features/profiles/profiles.server';
import type { MemberStanding } from '~/features/profiles/profiles';
import { formatDate } from '~/lib/format';
import type { Locale } from '~/lib/i18n/locales';
import { useTranslations } from '~/server/i18n';
import { createItemFor, toggleItem } from '../helpers/items';
import { givingIn } from '../helpers/requests';
import { describeOnDatabases } from '../helpers/test-server';

/** The standing block as both profile pages render it, as text. */
async function standingText(standing: MemberStanding, locale: Locale): Promise<string> {
	const container = await AstroContainer.create();
	const html = await container.renderToString(ProfileStanding, { props: { standing, locale } });
	return html
		.replace(/<[^>]+>/g, ' ')
		.replace(/\s+/g, ' ')
		.trim();
}

describeOnDatabases('Profile pages', (use) => {
	const standingOf = async (userId: string, locale: Locale = 'id') =>
		(await memberStanding(use().server.db, userId, badgeTextOf(useTranslations(locale))))!.standing;

	it('gives the owner and everyone one standing: verified giver, rank, badges and joined date', async () => {
		const { donor, receiver } = await givingIn(use(), 'confirmed');

		const own = await standingOf(donor.id);
		const response = await use().request(`/profile/${donor.id}`);
		const { verified, joinedAt, stats, badges } = (await response.json()).data;
		expect(own).toEqual({ verified, joinedAt, stats, badges });
		expect(own).toMatchObject({ verified: true, stats: { rank: 1, totalDonations: 1 } });
		expect(badges.map((badge: { id: string }) => badge.id)).toEqual(['RANK_1', 'VERIFIED']);

		const shown = await standingText(own, 'id');
		expect(shown).toContain(`Bergabung pada ${formatDate(joinedAt, 'id')}`);
		expect(shown).toContain('Pemberi Terverifikasi');
		expect(shown).toContain('#1');
		expect(shown).not.toContain('Belum terverifikasi');

		// A receiver who never gave is not a verified giver yet, on both pages alike.
		const receivers = await standingOf(receiver.id, 'en');
		expect(receivers).toMatchObject({ verified: false, badges: [], stats: { rank: null } });
		const receiverShown = await standingText(receivers, 'en');
		expect(receiverShown).toContain('Not verified');
		expect(receiverShown).toContain(`Joined on ${formatDate(receivers.joinedAt, 'en')}`);
	});

	it('lists a donor’s available items a page at a time, the last page past the end', async () => {
		const { donor } = await givingIn(use(), 'open');
		const db = use().server.db;
		const more = [];
		for (let index = 0; index < 3; index += 1) more.push(await createItemFor(use(), donor));
		await toggleItem(use(), donor, more[0]!.id);
		// Someone else's items never show on this donor's profile.
		await createItemFor(use(), (await givingIn(use(), 'open')).donor);

		const first = await donorAvailableItems(db, donor.id, 1, 2);
		expect(first.meta).toMatchObject({ page: 1, total: 3, totalPages: 2, hasNextPage: true });
		expect(first.items.map((item) => item.id)).toEqual([more[2]!.id, more[1]!.id]);
		const last = await donorAvailableItems(db, donor.id, 9, 2);
		expect(last.meta).toMatchObject({ page: 2, hasPrevPage: true, hasNextPage: false });
		expect(last.items).toHaveLength(1);
		expect(last.items[0]?.status).toBe('AVAILABLE');
		expect((await donorAvailableItems(db, donor.id, Number.NaN, 2)).meta.page).toBe(1);
		expect(first.items.every((item) => item.donor.phone === undefined)).toBe(true);

		const container = await AstroContainer.create();
		const html = await container.renderToString(DonorItems, {
			props: { list: first, locale: 'en', path: `/en/profile/${donor.id}` },
		});
		expect(html).toContain('Items still available (3)');
		expect(html).toContain(`href="/en/items/${more[2]!.id}"`);
		expect(html).toContain(`href="/en/profile/${donor.id}?page=2#donor-items"`);
		expect(html).toContain('Page 1 of 2');
	});
});
