/**
 * Every kind of page in both languages, read as HTML without a browser: the status it answers
 * with, `<html lang>`, its title in that language's words (`'{page} | Hibahin'`), and no
 * translation key nor unfilled placeholder where a text belongs. The journeys each run in one
 * language; this is where every page is seen in the other one too. One row per kind of page (and
 * per state the server renders differently), Indonesian at the root and English under `/en`.
 */
import type { APIRequestContext, APIResponse, PlaywrightWorkerArgs } from '@playwright/test';
import type { Item } from '../../src/features/items/items';
import { citySlug } from '../../src/features/places/places';
import { expect, siteOrigin, test } from './support/accounts';
import { clientOnTheServer, type SignedInClient, signedInClient } from './support/clients';
import { localePath, locales, pageTitle } from './support/i18n';
import { listItem } from './support/items';
import { translate } from './support/locale-files';
import { orderStates, type CourierOrder } from '../../src/features/shipping/orders';
import { ordersInEveryState, placeCourierOrder, type ReachableOrderState } from './support/orders';
import { readPage } from './support/page-html';

/** Who asks for the page. */
type Viewer = 'visitor' | 'onTheServer' | 'donor' | 'receiver' | 'payer' | 'newcomer' | 'moderator';

/** What the rows are about: made once per worker, through the API. */
interface Site {
	donor: SignedInClient;
	receiver: SignedInClient;
	/** A receiver with a courier order in each state, each of the donor's items. */
	payer: SignedInClient;
	newcomer: SignedInClient;
	moderator: SignedInClient;
	onTheServer: APIRequestContext;
	/** Available, asked for by the receiver. */
	item: Item;
	/** The receiver's unpaid courier order of an item whose name asks for money (so the desk lists it). */
	orderId: string;
	/** The payer's orders, one in each state the site reaches without waiting a day. */
	orders: Record<ReachableOrderState, CourierOrder>;
}

/** A text in the row's language. */
type Translate = (key: string, values?: Record<string, string | number>) => string;

/** What is asked for, by whom, and what it should answer. */
type PageKind = {
	kind: string;
	/** The path in Indonesian; English's is under `/en`. */
	path: string | ((site: Site) => string);
	/** A signed-out visitor unless said otherwise. */
	as?: Viewer;
	/** 200 unless said otherwise (302 for a redirect). */
	status?: number;
	/** Texts the page says, in the row's language. */
	says?: (t: Translate) => string[];
} & (
	| {
			/**
			 * The page's own title, before ` | Hibahin`: the key of its text, or the text itself when
			 * the site does not translate it (an item's name).
			 */
			title: string | ((site: Site, t: Translate) => string);
			/** Follows the redirects (to the provider's forms) and expects to end under this path. */
			endsUnder?: string;
	  }
	| {
			/** Where the page sends the visitor instead; with a reason, back to the page afterwards. */
			redirect: { to: string; reason?: 'loginRequired' | 'completeProfileFirst' };
	  }
);

const missingItem = 999_999_999;
const itemPage = ({ item }: Site) => `/items/${item.id}`;
const itemName = ({ item }: Site) => item.name;

const pageKinds: PageKind[] = [
	{ kind: 'home', path: '/', title: 'home.title' },
	{ kind: 'item list', path: '/items', title: 'items.title' },
	{ kind: 'search', path: '/items?search=kursi&sort=oldest', title: 'items.title' },
	{
		kind: 'search that finds nothing',
		path: '/items?search=tidak-ada-yang-seperti-ini&category=books',
		title: 'items.title',
	},
	{
		kind: 'a page past the end of the list',
		path: '/items?search=tidak-ada-yang-seperti-ini&category=books&page=99',
		redirect: { to: '/items?search=tidak-ada-yang-seperti-ini&category=books' },
	},
	{
		kind: 'city page',
		path: ({ item }) => `/items/in/${citySlug(item.pickup!.regencyName)}`,
		title: ({ item }, t) => t('places.city.title', { city: item.pickup!.regencyName }),
	},
	{ kind: 'item page', path: itemPage, title: itemName },
	{ kind: 'missing item', path: `/items/${missingItem}`, status: 404, title: 'notFound.title' },
	{
		kind: 'public profile',
		path: ({ donor }) => `/profile/${donor.person.id}`,
		title: ({ donor }) => donor.person.profile!.name,
	},
	{
		kind: 'public profile, a page of items past the end',
		path: ({ donor }) => `/profile/${donor.person.id}?page=99`,
		title: ({ donor }) => donor.person.profile!.name,
	},
	{
		kind: 'public profile, seen by someone who asked its member',
		path: ({ donor }) => `/profile/${donor.person.id}`,
		as: 'receiver',
		title: ({ donor }) => donor.person.profile!.name,
	},
	{ kind: 'missing profile', path: '/profile/nobody-here', status: 404, title: 'notFound.title' },
	{ kind: 'heroes rankings', path: '/heroes/rankings', title: 'impact.title' },
	{ kind: 'support us', path: '/support-us', title: 'support.title' },
	{ kind: 'privacy policy', path: '/privacy-policy', title: 'legal.privacyTitle' },
	{ kind: 'terms', path: '/terms', title: 'legal.termsTitle' },
	{ kind: 'missing page', path: '/a-missing-page', status: 404, title: 'notFound.title' },
	{
		kind: 'a page for members, signed out',
		path: '/donate-item',
		redirect: { to: '/register', reason: 'loginRequired' },
	},
	{
		kind: 'notification settings, signed out',
		path: '/settings/notifications',
		redirect: { to: '/register', reason: 'loginRequired' },
	},
	{
		kind: 'sign-up prompt',
		path: '/register?reason=loginRequired',
		title: 'auth.registerTitle',
	},
	{ kind: 'sign-in prompt', path: '/login?reason=loginRequired', title: 'auth.loginTitle' },
	{
		kind: 'sign-up form',
		path: '/register',
		endsUnder: '/auth/interaction/',
		title: 'auth.registerTitle',
	},
	{
		kind: 'sign-in form',
		path: '/login',
		endsUnder: '/auth/interaction/',
		title: 'auth.loginTitle',
	},
	{
		kind: 'forgotten password',
		path: '/auth/forgot-password',
		title: 'passwordReset.request.title',
	},
	{
		kind: 'unusable reset link',
		path: '/auth/reset-password?token=tidak-berlaku',
		status: 400,
		title: 'passwordReset.reset.title',
	},
	{
		kind: 'unusable confirm link',
		path: '/confirm/1.tidak-berlaku',
		status: 400,
		title: 'confirmHandOver.title',
	},
	{
		kind: 'sign-in error',
		path: '/auth/error?reason=expired',
		status: 400,
		title: 'auth.error.title',
	},
	{
		kind: 'development mailbox, from another machine',
		path: '/auth/dev-mailbox',
		status: 404,
		title: 'notFound.title',
	},
	{
		kind: 'development mailbox, on the server',
		path: '/auth/dev-mailbox',
		as: 'onTheServer',
		title: 'passwordReset.mailbox.title',
	},
	{
		kind: 'completing a profile',
		path: '/complete-profile',
		as: 'newcomer',
		title: 'profile.setup.title',
	},
	{
		kind: 'a page for complete profiles, profile not complete',
		path: '/profile',
		as: 'newcomer',
		redirect: { to: '/complete-profile', reason: 'completeProfileFirst' },
	},
	{
		kind: 'my data and account, profile not complete',
		path: '/my-data',
		as: 'newcomer',
		title: 'account.title',
	},
	{
		kind: 'my data and account',
		path: '/my-data',
		as: 'donor',
		title: 'account.title',
		// Each right is reachable from here: correcting, choosing the messages, the policy, leaving
		// the rankings.
		says: (t) => [
			t('account.rights.title'),
			t('account.rights.correct'),
			t('account.rights.messages'),
			t('account.rights.policy'),
			t('account.rankings.title'),
		],
	},
	{
		kind: 'my data and account, signed out',
		path: '/my-data',
		redirect: { to: '/register', reason: 'loginRequired' },
	},
	{
		kind: 'completing a profile already complete',
		path: '/complete-profile',
		as: 'donor',
		redirect: { to: '/' },
	},
	{ kind: 'own profile', path: '/profile', as: 'donor', title: 'profile.own.title' },
	{ kind: 'edit profile', path: '/edit-profile', as: 'donor', title: 'profile.edit.title' },
	{ kind: 'donate an item', path: '/donate-item', as: 'donor', title: 'itemForm.add.title' },
	{ kind: 'my items', path: '/my-items', as: 'donor', title: 'items.my.title' },
	{
		kind: 'edit an item',
		path: ({ item }) => `/my-items/${item.id}/edit`,
		as: 'donor',
		title: 'itemForm.edit.title',
	},
	{
		kind: 'edit a missing item',
		path: `/my-items/${missingItem}/edit`,
		as: 'donor',
		status: 404,
		title: 'itemForm.edit.notFoundTitle',
	},
	{
		kind: "an item's requests",
		path: ({ item }) => `/my-items/${item.id}/requests`,
		as: 'donor',
		title: ({ item }, t) => t('itemRequests.pageTitle', { name: item.name }),
	},
	{
		kind: "a missing item's requests",
		path: `/my-items/${missingItem}/requests`,
		as: 'donor',
		status: 404,
		title: 'itemRequests.notFoundTitle',
	},
	{ kind: 'item page, its donor', path: itemPage, as: 'donor', title: itemName },
	{ kind: 'saved searches', path: '/saved-searches', as: 'donor', title: 'savedSearches.title' },
	{
		kind: 'notification settings',
		path: '/settings/notifications',
		as: 'donor',
		title: 'notifications.settings.title',
	},
	{
		kind: 'moderation desk, not a moderator',
		path: '/moderation',
		as: 'donor',
		status: 404,
		title: 'notFound.title',
	},
	{ kind: 'my requests', path: '/my-requests', as: 'receiver', title: 'myRequests.title' },
	{ kind: 'item page, asked for', path: itemPage, as: 'receiver', title: itemName },
	{
		kind: 'paying for a courier',
		path: ({ orderId }) => `/pay/${orderId}`,
		as: 'receiver',
		title: 'orders.payment.title',
	},
	{ kind: 'moderation desk', path: '/moderation', as: 'moderator', title: 'moderation.title' },
	{
		kind: 'my requests, a courier order in each state',
		path: '/my-requests',
		as: 'payer',
		title: 'myRequests.title',
		// An order that ended unpaid says what became of the payment, not that it was withdrawn.
		says: (t) =>
			(['paymentCancelled', 'paymentFailed', 'paymentError'] as const).map((ending) =>
				t(`myRequests.status.${ending}`),
			),
	},
	// A shipped order's tracking moves on to delivered within seconds of being looked at, so its
	// page is read in `courier-orders.spec.ts` right after shipping, and its words in
	// `payment-page.test.ts`.
	...orderStates
		.filter((state): state is ReachableOrderState => state !== 'expired' && state !== 'shipped')
		.map((state): PageKind => ({
			kind: `paying for a courier, ${state}`,
			path: ({ orders }) => `/pay/${orders[state].id}`,
			as: 'payer',
			title: 'orders.payment.title',
			says: (t) =>
				state === 'awaitingPayment'
					? [t('orders.payment.payNow')]
					: [
							t(`orders.payment.screens.${state}.title`),
							t(`orders.payment.screens.${state}.detail`),
							// The item is still there: an order that ended unpaid can be paid again.
							...(['cancelled', 'failed', 'error'].includes(state)
								? [t('orders.payment.payAgain')]
								: []),
							t('orders.payment.backToRequests'),
						],
		})),
];

/** People and items for the rows, through the API. */
async function openSite(playwright: PlaywrightWorkerArgs['playwright']): Promise<Site> {
	const [donor, receiver, payer, newcomer, moderator] = [
		await signedInClient(playwright, 'complete'),
		await signedInClient(playwright, 'complete'),
		await signedInClient(playwright, 'complete'),
		await signedInClient(playwright, 'newcomer'),
		await signedInClient(playwright, 'moderator'),
	];
	const item = await listItem(donor.request, 'Kursi rotan teras', 1, 2);
	const flaggedItem = await listItem(donor.request, 'Lemari jati, dijual Rp 50.000', 1, 1);
	const asked = await receiver.request.post(`/api/items/${item.id}/requests`, {
		headers: { Origin: siteOrigin() },
		data: { quantity: 1 },
	});
	expect(asked.status(), await asked.text()).toBe(201);
	const order = await placeCourierOrder(receiver.request, flaggedItem.id);
	const orders = await ordersInEveryState(payer.request, donor.request, (state) =>
		listItem(donor.request, `Rak buku ${state}`, 1, 1),
	);
	const onTheServer = await clientOnTheServer(playwright);
	return {
		...{ donor, receiver, payer, newcomer, moderator, onTheServer },
		...{ item, orderId: order.id, orders },
	};
}

/** The client that asks for a row's page. */
function clientOf(site: Site, viewer: Viewer, visitor: APIRequestContext): APIRequestContext {
	if (viewer === 'visitor') return visitor;
	if (viewer === 'onTheServer') return site.onTheServer;
	return site[viewer].request;
}

/** The path and query of a redirect's target. */
function redirectTarget(response: APIResponse): string | undefined {
	const location = response.headers()['location'];
	if (!location) return undefined;
	const url = new URL(location, siteOrigin());
	return `${url.pathname}${url.search}`;
}

let site: Site | undefined;

test.beforeAll(async ({ playwright }) => {
	// Eleven courier orders, one of them delivered by the simulated courier, take a while.
	test.setTimeout(120_000);
	site = await openSite(playwright);
});

test.afterAll(async () => {
	if (!site) return;
	const clients = [site.donor, site.receiver, site.payer, site.newcomer, site.moderator];
	await Promise.all(
		[site.onTheServer, ...clients.map(({ request }) => request)].map((client) => client.dispose()),
	);
});

for (const row of pageKinds) {
	for (const locale of locales) {
		test(`${row.kind} (${locale})`, async ({ request }) => {
			if (!site) throw new Error('The people and items of the rows could not be made.');
			const at = (path: string) => localePath(path, locale);
			const t: Translate = (key, values) => translate(locale, key, values);
			const path = at(typeof row.path === 'string' ? row.path : row.path(site));
			const client = clientOf(site, row.as ?? 'visitor', request);
			const endsUnder = 'endsUnder' in row && row.endsUnder;
			const response = await client.get(path, { maxRedirects: endsUnder ? 20 : 0 });
			expect(response.status(), path).toBe(row.status ?? ('redirect' in row ? 302 : 200));
			if ('redirect' in row) {
				const { to, reason } = row.redirect;
				const query = reason ? `?${new URLSearchParams({ redirectTo: path, reason })}` : '';
				expect(redirectTarget(response)).toBe(`${at(to)}${query}`);
				return;
			}
			if (endsUnder) {
				expect(new URL(response.url()).pathname).toMatch(new RegExp(`^${at(endsUnder)}[^/]+$`));
			}
			const page = readPage(await response.text());
			expect(page.lang).toBe(locale);
			const title = typeof row.title === 'string' ? t(row.title) : row.title(site, t);
			expect(page.title).toBe(pageTitle(title));
			expect(page.untranslatedKeys, 'translation keys shown as text').toEqual([]);
			expect(page.unfilledPlaceholders, 'placeholders left unfilled').toEqual([]);
			for (const words of row.says?.(t) ?? []) expect(page.text).toContain(words);
		});
	}
}

/** The standing block of a profile page's HTML, as the shared component renders it. */
const standingOf = (html: string) =>
	/<div[^>]*data-testid="profile-standing"[\s\S]*?<\/dl>/.exec(html)?.[0];

for (const locale of locales) {
	test(`the own and the public profile say the same of a member (${locale})`, async ({
		request,
	}) => {
		if (!site) throw new Error('The people and items of the rows could not be made.');
		const t: Translate = (key, values) => translate(locale, key, values);
		const publicPath = localePath(`/profile/${site.donor.person.id}`, locale);
		const [own, seen, seenByReceiver] = await Promise.all(
			[
				site.donor.request.get(localePath('/profile', locale)),
				request.get(publicPath),
				site.receiver.request.get(publicPath),
			].map(async (response) => (await response).text()),
		);
		const standing = standingOf(own!);
		expect(standing).toContain(t('profile.standing.unverified'));
		expect(standingOf(seen!)).toBe(standing);
		// The donor's available items, linked, and a block button only for someone they dealt with.
		expect(seen).toContain(`href="${localePath(`/items/${site.item.id}`, locale)}"`);
		expect(seen).not.toContain(`>${t('blocks.block')}<`);
		expect(seenByReceiver).toContain(`>${t('blocks.block')}<`);
	});
}
