/** Who may ask for an item and what pressing "contact the donor" does (docs/product-rules.md#contacting-a-donor). */
import type { TFunction } from 'i18next';
import { ApiError } from '~/lib/api-client';
import { type Locale, localizePath } from '~/lib/i18n/locales';
import { withRedirect } from '~/lib/redirect-target';
import type { ProfileCheck } from '~/features/profiles/profiles';
import { type Item, unreservedQuantity, whatsappUrl } from '~/features/items/items';

/** The visitor as the server saw them when it rendered the page. */
export interface ItemViewer {
	signedIn: boolean;
	isComplete: boolean;
	userId: string | null;
}

/**
 * The viewer as the latest profile check knows them: a profile completed after the page was
 * rendered (in another tab, say) counts once the check has seen it.
 */
export function withProfileCheck(
	viewer: ItemViewer,
	check: Pick<ProfileCheck, 'isComplete' | 'userId'> | undefined,
): ItemViewer {
	if (!check || !viewer.signedIn || check.userId !== viewer.userId) return viewer;
	return { ...viewer, isComplete: check.isComplete };
}

/** A message's template for one thing and for several, as the language's plural rules pick. */
export interface PluralTemplates {
	one: string;
	other: string;
}

/**
 * The WhatsApp message to a donor, in the language the donor uses the site in, which may not be
 * the page's: the templates of that language, with `{{name}}`, `{{count}}`, `{{available}}` and
 * `{{url}}` to fill in (docs/product-rules.md#contacting-a-donor). `messageAll` asks for all
 * there is; `waitingListMessage` asks to be next when everything is reserved.
 */
export interface DonorMessages {
	language: Locale;
	message: PluralTemplates;
	messageAll: PluralTemplates;
	waitingListMessage: PluralTemplates;
}

/** The donor's message of `kind` for `values.count` things, filled in. */
export function donorMessage(
	messages: DonorMessages,
	kind: Exclude<keyof DonorMessages, 'language'>,
	values: Record<string, string | number> & { count: number },
): string {
	const form =
		new Intl.PluralRules(messages.language).select(values.count) === 'one' ? 'one' : 'other';
	return fillMessage(messages[kind][form], values);
}

/** A template of `DonorMessages` with its values filled in; a value it does not name stays out. */
export function fillMessage(template: string, values: Record<string, string | number>): string {
	return template.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) =>
		name in values ? String(values[name]) : placeholder,
	);
}

/** What the contact button does for this viewer and donor. */
export type ContactAction =
	| { kind: 'signIn'; href: string }
	| { kind: 'completeProfile'; href: string }
	| { kind: 'noPhone' }
	/** The donor has a phone the server keeps from this viewer: blocked, or past the reveal limit. */
	| { kind: 'withheld' }
	| { kind: 'chat'; url: string };

/** Whether the viewer listed this item themselves. */
export function isOwnItem(viewer: ItemViewer, item: Pick<Item, 'donorId'>): boolean {
	return viewer.userId !== null && viewer.userId === item.donorId;
}

/**
 * Whether the item still takes requests: while AVAILABLE, and while RESERVED as a waiting list
 * (docs/product-rules.md#item-statuses). Every other status is given away.
 */
export function takesRequests(item: Pick<Item, 'status'>): boolean {
	return item.status === 'AVAILABLE' || item.status === 'RESERVED';
}

/**
 * The most a receiver can ask for: what no reservation holds while the item is AVAILABLE, and
 * all that is left on the waiting list of a RESERVED item; nothing once it is given away.
 */
export function askableQuantity(item: Pick<Item, 'status' | 'quantity' | 'reservedQuantity'>) {
	if (item.status === 'AVAILABLE') return unreservedQuantity(item);
	return item.status === 'RESERVED' ? item.quantity : 0;
}

/** The pickup panel is for other people, and only while the item takes requests. */
export function showsPickupPanel(viewer: ItemViewer, item: Pick<Item, 'donorId' | 'status'>) {
	return takesRequests(item) && !isOwnItem(viewer, item);
}

/**
 * Where a viewer goes before asking for an item: signed-out visitors to sign up and incomplete
 * profiles to completing it, both brought back to `itemPath` afterwards; null when they may ask.
 */
export function profileGate(
	viewer: ItemViewer,
	locale: Locale,
	itemPath: string,
): Extract<ContactAction, { kind: 'signIn' | 'completeProfile' }> | null {
	if (!viewer.signedIn) {
		return {
			kind: 'signIn',
			href: withRedirect(localizePath('/register', locale), itemPath, 'loginRequired'),
		};
	}
	if (!viewer.isComplete) {
		return {
			kind: 'completeProfile',
			href: withRedirect(
				localizePath('/complete-profile', locale),
				itemPath,
				'completeProfileFirst',
			),
		};
	}
	return null;
}

/**
 * The contact flow: the profile gate first; a donor without a phone cannot be reached; a phone
 * withheld still lets the request go, so the server's answer says why; everyone else gets a
 * WhatsApp chat with `message` prefilled.
 */
export function contactAction(input: {
	viewer: ItemViewer;
	donor: Pick<Item['donor'], 'hasPhone' | 'phone'>;
	locale: Locale;
	/** The item page's own path in the viewer's language, e.g. `/en/items/42`. */
	itemPath: string;
	message: string;
}): ContactAction {
	const { viewer, donor, locale, itemPath, message } = input;
	const gate = profileGate(viewer, locale, itemPath);
	if (gate) return gate;
	if (!donor.hasPhone) return { kind: 'noPhone' };
	if (!donor.phone) return { kind: 'withheld' };
	return { kind: 'chat', url: whatsappUrl(donor.phone, message) };
}

/**
 * What the viewer is told when their request is refused: a quantity the field rule names (more
 * than can be asked for now), else the server's message (the limit of requests in progress, an
 * item no longer asked for), else that sending failed.
 */
export function refusalMessage(error: unknown, t: TFunction): string {
	if (!(error instanceof ApiError)) return t('itemDetail.whatsapp.requestFailed');
	const field = error.fields['quantity'];
	if (field) return t(field as 'requests.errors.quantityOverAvailable');
	return error.message || t('itemDetail.whatsapp.requestFailed');
}
