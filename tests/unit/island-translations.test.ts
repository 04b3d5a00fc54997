import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ComponentType, createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeleteAccount } from '~/features/account/DeleteAccount';
import {
	deleteAccountResources,
	rankingsChoiceResources,
} from '~/features/account/account-resources.server';
import { RankingsChoice } from '~/features/account/RankingsChoice';
import { BlockedList } from '~/features/blocks/BlockedList';
import { blocksResources } from '~/features/blocks/blocks-resources.server';
import { PersonBlockButton } from '~/features/blocks/PersonBlockButton';
import { RankingsTable } from '~/features/heroes/RankingsTable';
import { rankingsTableResources } from '~/features/heroes/rankings-resources.server';
import type { RankingsPage } from '~/features/heroes/heroes';
import { ItemBrowser } from '~/features/item-browser/ItemBrowser';
import { itemBrowserResources } from '~/features/item-browser/item-browser-resources.server';
import type { ItemViewer } from '~/features/item-detail/contact';
import { ItemDetail } from '~/features/item-detail/ItemDetail';
import { donorMessages, itemDetailResources } from '~/features/item-detail/detail-resources.server';
import { ItemForm } from '~/features/items/form/ItemForm';
import { toCardList } from '~/features/items/item-card';
import { defaultItemListView, type ItemListView } from '~/features/items/item-list-url';
import type { Item } from '~/features/items/items';
import { itemFormResources, myItemsResources } from '~/features/items/item-resources.server';
import { MyItems } from '~/features/items/MyItems';
import { toMyItemCard } from '~/features/items/my-items';
import { defaultNotificationSettings } from '~/features/notifications/notification-settings';
import { NotificationSettingsForm } from '~/features/notifications/NotificationSettingsForm';
import { notificationSettingsResources } from '~/features/notifications/notification-settings-resources.server';
import { moderationActionNames } from '~/features/moderation/moderation';
import { ModerationActions } from '~/features/moderation/ModerationActions';
import { NoShowDecision } from '~/features/moderation/NoShowDecision';
import { moderationActionsResources } from '~/features/moderation/moderation-resources.server';
import { OrganisationDecision } from '~/features/organisations/OrganisationDecision';
import { OrganisationForm } from '~/features/organisations/OrganisationForm';
import {
	organisationDecisionResources,
	organisationFormResources,
} from '~/features/organisations/organisation-resources.server';
import type { Organisation } from '~/features/organisations/organisation-kinds';
import { IdentityVerificationCard } from '~/features/profiles/IdentityVerificationCard';
import { ProfileForm } from '~/features/profiles/ProfileForm';
import { profileFormResources } from '~/features/profiles/profile-resources.server';
import { DriveActions } from '~/features/drives/DriveActions';
import { DriveForm } from '~/features/drives/DriveForm';
import {
	driveActionsResources,
	driveFormResources,
} from '~/features/drives/drive-resources.server';
import { NeedForm } from '~/features/needs/NeedForm';
import { NeedOwnerPanel } from '~/features/needs/NeedOwnerPanel';
import { OfferPanel } from '~/features/needs/OfferPanel';
import { needFormResources, needPanelResources } from '~/features/needs/need-resources.server';
import { ReportButton } from '~/features/reports/ReportButton';
import { reportButtonResources } from '~/features/reports/report-resources.server';
import { ItemRequests } from '~/features/request-lists/ItemRequests';
import { MyRequests } from '~/features/request-lists/MyRequests';
import {
	itemRequestsResources,
	myRequestsResources,
} from '~/features/request-lists/request-resources.server';
import { requestStates } from '~/features/requests/requests';
import { SavedSearchList } from '~/features/saved-searches/SavedSearchList';
import { savedSearchListResources } from '~/features/saved-searches/saved-search-resources.server';
import { orderStates } from '~/features/shipping/orders';
import { PaymentPage } from '~/features/shipping/PaymentPage';
import type { CourierMode } from '~/features/shipping/shipping';
import { paymentPageResources } from '~/features/shipping/payment-resources.server';
import type { IslandI18nProps } from '~/lib/i18n/island';
import { type Locale, locales } from '~/lib/i18n/locales';
import {
	blockedPerson,
	chair,
	courierOrder,
	profileCheck,
	requestedChair,
	savedSearches,
} from '../helpers/island-fixtures';
import { receiverRequest } from '../helpers/item-requests';

// Each island is rendered with exactly the texts its page gives it, in every language: in tests
// a missing key throws, so a key an island reads but its page does not pass fails here.

type IslandProps<P> = Omit<P, keyof IslandI18nProps>;

interface IslandLine {
	/** The function its pages compose its texts with. */
	composer: (locale: Locale, ...rest: never[]) => IslandI18nProps['resources'];
	/** The island, with its texts, in each state worth rendering. */
	render(locale: Locale): ReactElement[];
}

function line<P extends IslandI18nProps>(
	Island: ComponentType<P>,
	composer: IslandLine['composer'],
	states: IslandProps<P>[],
	resourcesOf: (locale: Locale, props: IslandProps<P>) => IslandI18nProps['resources'] = (locale) =>
		composer(locale),
): IslandLine {
	return {
		composer,
		render: (locale) =>
			states.map((props) =>
				createElement(Island, { ...props, locale, resources: resourcesOf(locale, props) } as P),
			),
	};
}

const stranger = { signedIn: false, isComplete: false, userId: null };
const receiver = { signedIn: true, isComplete: true, userId: 'u-siti' };
const donor = { signedIn: true, isComplete: true, userId: 'u-ani' };
const bandungPage = { regencyCode: '32.73', path: '/items/in/kota-bandung' };
const searched = { ...defaultItemListView, search: 'lemari', category: 'furniture' as const };
const snap = { scriptUrl: 'https://app.sandbox.midtrans.com/snap/snap.js', clientKey: 'SB-key' };
const pickupArea = { id: '32.73.14', name: 'Cibeunying Kidul, Kota Bandung, Jawa Barat' };

/** The end days a drive's forms offer. */
const endDays = { min: '2026-11-29', max: '2027-02-27' };
const rankingsView = { page: 1, range: 'all', sort: 'impact' } as const;
const rankingsPage: RankingsPage = {
	rankings: [
		{
			rank: 1,
			userId: 'u-ani',
			totalDonations: 3,
			impactScore: 42,
			kgDonated: 12,
			lastDonatedAt: '2026-11-20T03:00:00.000Z',
			user: { name: 'Ani', avatar: null },
			badges: [
				{ id: 'RANK_1', name: 'Juara 1', icon: '🥇', style: 'gold', description: 'Peringkat 1' },
			],
		},
	],
	meta: { currentPage: 1, totalPages: 1, hasNextPage: false, hasPrevPage: false, total: 1 },
};

/** An organisation as its owner's page passes it to the form. */
function organisation(state: Organisation['state']): Organisation {
	return {
		id: 7,
		ownerId: 'u-siti',
		name: 'Panti Asuhan Kasih Bunda',
		kind: 'orphanage',
		verified: state === 'verified',
		state,
		address: 'Jl. Melati No. 7, RT 03/RW 05',
		district: { code: pickupArea.id, name: pickupArea.name },
		contactName: 'Sri Rahayu',
		hasDocument: state !== 'verified',
		decisionNote: state === 'refused' ? 'Dokumennya tidak terbaca.' : null,
		decidedAt: state === 'pending' ? null : '2026-11-28T03:00:00.000Z',
		createdAt: '2026-11-27T03:00:00.000Z',
	};
}
const siteUrl = 'http://localhost:4321';

/** `/items` as `initialView` and `initialList` open it, for a visitor signed in or not. */
function browsing(initialView: ItemListView, items: Item[] | null, signedIn: boolean) {
	const meta = { page: 1, limit: 12, total: items?.length ?? 0, totalPages: 1 };
	return {
		initialView,
		initialList:
			items && toCardList({ items, meta: { ...meta, hasPrevPage: false, hasNextPage: false } }),
		provinces: [{ code: '32', name: 'Jawa Barat' }],
		canSortNearMe: signedIn,
		canSaveSearch: signedIn,
	};
}

/** The item page's island showing `item` to `viewer`. */
function itemPage(
	item: Item,
	viewer: ItemViewer,
	courierMode: CourierMode,
	cityPage = bandungPage,
) {
	return {
		item,
		viewer,
		courierMode,
		cityPage,
		itemPath: '/items/42',
		itemUrl: `${siteUrl}/items/42`,
		// A donor who uses the site in Indonesian: an English page says the message is not in English.
		donorMessages: donorMessages('id', 'en'),
	};
}

/** Every island a page hydrates, by the name pages give it. */
const islands: Record<string, IslandLine> = {
	BlockedList: line(BlockedList, blocksResources, [{ initial: [] }, { initial: [blockedPerson] }]),
	DeleteAccount: line(DeleteAccount, deleteAccountResources, [{}]),
	RankingsChoice: line(RankingsChoice, rankingsChoiceResources, [
		{ ranked: true },
		{ ranked: false },
	]),
	IdentityVerificationCard: line(IdentityVerificationCard, profileFormResources, [{}]),
	ItemBrowser: line(ItemBrowser, itemBrowserResources, [
		browsing(defaultItemListView, [chair(), chair({ id: 43, status: 'RESERVED' })], true),
		browsing({ ...searched, province: '32', regency: '3273', near: true }, [], true),
		browsing(searched, null, false),
	]),
	ItemDetail: line(
		ItemDetail,
		itemDetailResources,
		[
			itemPage(chair(), stranger, 'off'),
			itemPage(chair(), { ...receiver, isComplete: false }, 'simulated'),
			itemPage(chair({ status: 'RESERVED', reservedQuantity: 3 }), receiver, 'live'),
			itemPage(chair({ status: 'DONATED', quantity: 0 }), receiver, 'off'),
			itemPage(chair({ pickup: null }), donor, 'simulated'),
		],
		// As the item page composes them: the courier form's texts only where it may open.
		(locale, { item, viewer, courierMode }) => {
			const ownItem = viewer.userId === item.donorId;
			return itemDetailResources(locale, {
				ownItem,
				courierForm: !ownItem && courierMode !== 'off',
			});
		},
	),
	ItemForm: line(ItemForm, itemFormResources, [
		{ mode: 'add', pickupArea },
		{ mode: 'edit', item: chair(), pickupArea },
	]),
	ItemRequests: line(ItemRequests, itemRequestsResources, [{ item: requestedChair }]),
	ModerationActions: line(ModerationActions, moderationActionsResources, [
		{ target: { itemId: 42 }, actions: [...moderationActionNames], suggestedReason: 'askingMoney' },
		{ target: { userId: 'u-budi' }, actions: ['liftSuspension'], suggestedReason: null },
		{ target: { driveId: 5 }, actions: ['dismiss', 'hideDrive'], suggestedReason: 'scam' },
	]),
	NoShowDecision: line(NoShowDecision, moderationActionsResources, [{ requestId: 7 }]),
	OrganisationDecision: line(OrganisationDecision, organisationDecisionResources, [
		{ organisationId: 7 },
	]),
	OrganisationForm: line(OrganisationForm, organisationFormResources, [
		{ organisation: null },
		...(['pending', 'verified', 'refused'] as const).map((state) => ({
			organisation: organisation(state),
		})),
	]),
	MyItems: line(MyItems, myItemsResources, [
		{ initialItems: null },
		{ initialItems: [] },
		{
			initialItems: [
				chair({ requestCounts: { open: 2, new: 1 } }),
				chair({ id: 43, status: 'RESERVED', reservedQuantity: 3 }),
				chair({ id: 44, status: 'DONATED', quantity: 0 }),
			].map(toMyItemCard),
		},
	]),
	MyRequests: line(MyRequests, myRequestsResources, [
		{ initialRequests: null, siteUrl },
		{ initialRequests: [], siteUrl },
		{
			initialRequests: [
				...requestStates.map((state, id) => receiverRequest({ id, state })),
				receiverRequest({ id: 9, state: 'reserved', method: 'courier' }),
				receiverRequest({ id: 10, state: 'declined', declineReason: 'givenToOther' }),
			],
			siteUrl,
		},
	]),
	PaymentPage: line(PaymentPage, paymentPageResources, [
		...orderStates.map((state) => ({ order: courierOrder(state), orderAgain: null, snap: null })),
		{ order: courierOrder('failed'), orderAgain: '/items/42', snap: null },
		{ order: courierOrder('awaitingPayment'), orderAgain: null, snap },
	]),
	DriveActions: line(DriveActions, driveActionsResources, [
		...[false, true].map((ended) => ({
			driveId: 5,
			story: 'Dua puluh lima anak mulai sekolah bulan depan.',
			ended,
			hidden: false,
			endDays,
			canEdit: true,
			canHide: true,
		})),
		{
			driveId: 5,
			story: 'Cerita',
			ended: false,
			hidden: true,
			endDays,
			canEdit: false,
			canHide: true,
		},
	]),
	DriveForm: line(DriveForm, driveFormResources, [{ endDays, needsCount: { min: 1, max: 20 } }]),
	NeedForm: line(NeedForm, needFormResources, [
		{ area: pickupArea },
		{ area: pickupArea, organisation: { name: 'Panti Asuhan Kasih Bunda', quantityMax: 200 } },
	]),
	NeedOwnerPanel: line(NeedOwnerPanel, needPanelResources, [
		{ needId: 3, title: 'Seragam SD ukuran 8', state: 'open' },
		{ needId: 3, title: 'Seragam SD ukuran 8', state: 'fulfilled' },
	]),
	OfferPanel: line(OfferPanel, needPanelResources, [
		{ needId: 3, quantity: 2, owner: { id: 'u-sari', name: 'Sari' }, ownerBlocked: false },
	]),
	PersonBlockButton: line(PersonBlockButton, blocksResources, [
		{ userId: 'u-budi', name: 'Budi', blocked: false },
		{ userId: 'u-budi', name: 'Budi', blocked: true },
	]),
	ProfileForm: line(ProfileForm, profileFormResources, [
		{ mode: 'complete', initial: profileCheck(false), redirectTo: '/items/42' },
		{ mode: 'edit', initial: profileCheck(true) },
	]),
	RankingsTable: line(RankingsTable, rankingsTableResources, [
		{ profileBase: '/profile', initialView: rankingsView, initialRankings: null },
		{ profileBase: '/profile', initialView: rankingsView, initialRankings: rankingsPage },
	]),
	ReportButton: line(ReportButton, reportButtonResources, [
		{ target: { kind: 'item', itemId: 42 } },
		{ target: { kind: 'user', userId: 'u-budi' } },
		{ target: { kind: 'need', needId: 3 } },
		{ target: { kind: 'drive', driveId: 5 } },
		{ target: { kind: 'thanks', thanksId: 7 } },
	]),
	NotificationSettingsForm: line(NotificationSettingsForm, notificationSettingsResources, [
		{ initialSettings: defaultNotificationSettings(), unverifiedEmail: 'siti@example.com' },
		{
			initialSettings: { ...defaultNotificationSettings('en'), quietHours: null },
			unverifiedEmail: null,
		},
	]),
	SavedSearchList: line(SavedSearchList, savedSearchListResources, [
		{ initialSearches: [] },
		{ initialSearches: savedSearches },
	]),
};

/** Each composer by the name its pages call it with (most are made by `islandTexts`, unnamed). */
const composerNames = new Map<unknown, string>(
	Object.entries({
		blocksResources,
		driveActionsResources,
		driveFormResources,
		deleteAccountResources,
		itemBrowserResources,
		itemDetailResources,
		itemFormResources,
		itemRequestsResources,
		moderationActionsResources,
		myItemsResources,
		organisationDecisionResources,
		organisationFormResources,
		myRequestsResources,
		needFormResources,
		needPanelResources,
		notificationSettingsResources,
		paymentPageResources,
		profileFormResources,
		rankingsChoiceResources,
		rankingsTableResources,
		reportButtonResources,
		savedSearchListResources,
	}).map(([name, composer]) => [composer, name]),
);

/** Each `<Island client:…>` of the `.astro` files under `src/`: the island's name and its file. */
function hydratedIslands(): { name: string; file: string }[] {
	const files = readdirSync('src', { recursive: true, encoding: 'utf8' })
		.filter((file) => file.endsWith('.astro'))
		.map((file) => join('src', file));
	return files.flatMap((file) =>
		[...readFileSync(file, 'utf8').matchAll(/<([A-Z]\w*)\s[^<>]*?\bclient:\w+/g)].map((match) => ({
			name: match[1]!,
			file,
		})),
	);
}

describe('islands with the texts their pages give them', () => {
	afterEach(() => vi.restoreAllMocks());

	describe.each(locales)('in %s', (locale) => {
		it.each(Object.keys(islands))('%s', (name) => {
			// Errors inside a Suspense boundary are logged by React, not thrown.
			const logged = vi.spyOn(console, 'error');
			for (const island of islands[name]!.render(locale)) {
				const html = renderToString(island);
				expect(html).not.toBe('');
				// The server renders islands to a string (decision 052), which does not wait for a
				// part that suspends: it would send the boundary's fallback, marked so.
				expect(html).not.toContain('<!--$!-->');
			}
			expect(logged).not.toHaveBeenCalled();
		});
	});

	it('has a line for every island a page hydrates, with the texts its page composes', () => {
		const hydrated = hydratedIslands();
		expect(hydrated.length).toBeGreaterThan(0);
		for (const { name, file } of hydrated) {
			expect(Object.keys(islands), `${name} in ${file}`).toContain(name);
			expect(readFileSync(file, 'utf8'), `${name} in ${file}`).toContain(
				`${composerNames.get(islands[name]!.composer)}(`,
			);
		}
		expect(Object.keys(islands).sort()).toEqual(
			[...new Set(hydrated.map(({ name }) => name))].sort(),
		);
	});
});
