import type { TFunction } from 'i18next';
import enAuth from '../../locales/en/auth.json' with { type: 'json' };
import enCommon from '../../locales/en/common.json' with { type: 'json' };
import enErrors from '../../locales/en/errors.json' with { type: 'json' };
import enFooter from '../../locales/en/footer.json' with { type: 'json' };
import enForm from '../../locales/en/form.json' with { type: 'json' };
import enHome from '../../locales/en/home.json' with { type: 'json' };
import enImpact from '../../locales/en/impact.json' with { type: 'json' };
import enItem from '../../locales/en/item.json' with { type: 'json' };
import enItemDetail from '../../locales/en/itemDetail.json' with { type: 'json' };
import enItemForm from '../../locales/en/itemForm.json' with { type: 'json' };
import enItemRequests from '../../locales/en/itemRequests.json' with { type: 'json' };
import enItems from '../../locales/en/items.json' with { type: 'json' };
import enLegal from '../../locales/en/legal.json' with { type: 'json' };
import enMail from '../../locales/en/mail.json' with { type: 'json' };
import enMyRequests from '../../locales/en/myRequests.json' with { type: 'json' };
import enNav from '../../locales/en/nav.json' with { type: 'json' };
import enNotFound from '../../locales/en/notFound.json' with { type: 'json' };
import enNotifications from '../../locales/en/notifications.json' with { type: 'json' };
import enOrders from '../../locales/en/orders.json' with { type: 'json' };
import enPasswordReset from '../../locales/en/passwordReset.json' with { type: 'json' };
import enPlaces from '../../locales/en/places.json' with { type: 'json' };
import enProfile from '../../locales/en/profile.json' with { type: 'json' };
import enRequests from '../../locales/en/requests.json' with { type: 'json' };
import enShipping from '../../locales/en/shipping.json' with { type: 'json' };
import enSavedSearches from '../../locales/en/savedSearches.json' with { type: 'json' };
import enAccount from '../../locales/en/account.json' with { type: 'json' };
import enApp from '../../locales/en/app.json' with { type: 'json' };
import enModeration from '../../locales/en/moderation.json' with { type: 'json' };
import enBlocks from '../../locales/en/blocks.json' with { type: 'json' };
import enReports from '../../locales/en/reports.json' with { type: 'json' };
import enConfirmHandOver from '../../locales/en/confirmHandOver.json' with { type: 'json' };
import enPickup from '../../locales/en/pickup.json' with { type: 'json' };
import enOrganisations from '../../locales/en/organisations.json' with { type: 'json' };
import enSupport from '../../locales/en/support.json' with { type: 'json' };
import enThanks from '../../locales/en/thanks.json' with { type: 'json' };
import enNeeds from '../../locales/en/needs.json' with { type: 'json' };
import enNeedLists from '../../locales/en/needLists.json' with { type: 'json' };
import enDrives from '../../locales/en/drives.json' with { type: 'json' };
import idAuth from '../../locales/id/auth.json' with { type: 'json' };
import idCommon from '../../locales/id/common.json' with { type: 'json' };
import idErrors from '../../locales/id/errors.json' with { type: 'json' };
import idFooter from '../../locales/id/footer.json' with { type: 'json' };
import idForm from '../../locales/id/form.json' with { type: 'json' };
import idHome from '../../locales/id/home.json' with { type: 'json' };
import idImpact from '../../locales/id/impact.json' with { type: 'json' };
import idItem from '../../locales/id/item.json' with { type: 'json' };
import idItemDetail from '../../locales/id/itemDetail.json' with { type: 'json' };
import idItemForm from '../../locales/id/itemForm.json' with { type: 'json' };
import idItemRequests from '../../locales/id/itemRequests.json' with { type: 'json' };
import idItems from '../../locales/id/items.json' with { type: 'json' };
import idLegal from '../../locales/id/legal.json' with { type: 'json' };
import idMail from '../../locales/id/mail.json' with { type: 'json' };
import idMyRequests from '../../locales/id/myRequests.json' with { type: 'json' };
import idNav from '../../locales/id/nav.json' with { type: 'json' };
import idNotFound from '../../locales/id/notFound.json' with { type: 'json' };
import idNotifications from '../../locales/id/notifications.json' with { type: 'json' };
import idOrders from '../../locales/id/orders.json' with { type: 'json' };
import idPasswordReset from '../../locales/id/passwordReset.json' with { type: 'json' };
import idPlaces from '../../locales/id/places.json' with { type: 'json' };
import idProfile from '../../locales/id/profile.json' with { type: 'json' };
import idRequests from '../../locales/id/requests.json' with { type: 'json' };
import idShipping from '../../locales/id/shipping.json' with { type: 'json' };
import idSavedSearches from '../../locales/id/savedSearches.json' with { type: 'json' };
import idAccount from '../../locales/id/account.json' with { type: 'json' };
import idApp from '../../locales/id/app.json' with { type: 'json' };
import idModeration from '../../locales/id/moderation.json' with { type: 'json' };
import idBlocks from '../../locales/id/blocks.json' with { type: 'json' };
import idReports from '../../locales/id/reports.json' with { type: 'json' };
import idConfirmHandOver from '../../locales/id/confirmHandOver.json' with { type: 'json' };
import idPickup from '../../locales/id/pickup.json' with { type: 'json' };
import idOrganisations from '../../locales/id/organisations.json' with { type: 'json' };
import idSupport from '../../locales/id/support.json' with { type: 'json' };
import idThanks from '../../locales/id/thanks.json' with { type: 'json' };
import idNeeds from '../../locales/id/needs.json' with { type: 'json' };
import idNeedLists from '../../locales/id/needLists.json' with { type: 'json' };
import idDrives from '../../locales/id/drives.json' with { type: 'json' };
import { isLocale, type Locale } from '~/lib/i18n/locales';
import { createHash } from 'node:crypto';
import type { IslandResources } from '~/lib/i18n/island';
import { type IslandTexts, rememberIslandTexts } from '~/lib/i18n/island-texts';
import type { Resources } from '~/lib/i18n/resources';
import { createTranslator } from '~/lib/i18n/translate';

/**
 * Every locale's translations, a namespace per file of `locales/<locale>/`, imported so that each
 * bundle (the site's and the server runtime's) carries them. For server rendering only: islands
 * get the namespaces they need as a prop (`islandResources`).
 */
export const allResources: Record<Locale, Resources> = {
	id: {
		auth: idAuth,
		common: idCommon,
		errors: idErrors,
		footer: idFooter,
		form: idForm,
		home: idHome,
		impact: idImpact,
		item: idItem,
		itemDetail: idItemDetail,
		itemForm: idItemForm,
		itemRequests: idItemRequests,
		items: idItems,
		legal: idLegal,
		mail: idMail,
		myRequests: idMyRequests,
		nav: idNav,
		notFound: idNotFound,
		notifications: idNotifications,
		orders: idOrders,
		passwordReset: idPasswordReset,
		places: idPlaces,
		profile: idProfile,
		requests: idRequests,
		shipping: idShipping,
		savedSearches: idSavedSearches,
		account: idAccount,
		app: idApp,
		moderation: idModeration,
		blocks: idBlocks,
		reports: idReports,
		confirmHandOver: idConfirmHandOver,
		pickup: idPickup,
		organisations: idOrganisations,
		support: idSupport,
		thanks: idThanks,
		needs: idNeeds,
		needLists: idNeedLists,
		drives: idDrives,
	},
	en: {
		auth: enAuth,
		common: enCommon,
		errors: enErrors,
		footer: enFooter,
		form: enForm,
		home: enHome,
		impact: enImpact,
		item: enItem,
		itemDetail: enItemDetail,
		itemForm: enItemForm,
		itemRequests: enItemRequests,
		items: enItems,
		legal: enLegal,
		mail: enMail,
		myRequests: enMyRequests,
		nav: enNav,
		notFound: enNotFound,
		notifications: enNotifications,
		orders: enOrders,
		passwordReset: enPasswordReset,
		places: enPlaces,
		profile: enProfile,
		requests: enRequests,
		shipping: enShipping,
		savedSearches: enSavedSearches,
		account: enAccount,
		app: enApp,
		moderation: enModeration,
		blocks: enBlocks,
		reports: enReports,
		confirmHandOver: enConfirmHandOver,
		pickup: enPickup,
		organisations: enOrganisations,
		support: enSupport,
		thanks: enThanks,
		needs: enNeeds,
		needLists: enNeedLists,
		drives: enDrives,
	},
};

const translators = new Map<Locale, TFunction>();

/** The translator for `locale`, built once per process. */
export function useTranslations(locale: Locale): TFunction {
	let t = translators.get(locale);
	if (!t) {
		t = createTranslator(locale, allResources);
		translators.set(locale, t);
	}
	return t;
}

/** The given namespaces of one locale, to pass to an island as its `resources` prop. */
export function islandResources<const N extends keyof Resources>(
	locale: Locale,
	namespaces: readonly N[],
): Pick<Resources, N> {
	const all = allResources[locale];
	return Object.fromEntries(namespaces.map((name) => [name, all[name]])) as Pick<Resources, N>;
}

/** How an island's texts are made for a language and one of its variants (`''` when none). */
type Composer<V extends string> = (locale: Locale, variant: V) => IslandResources;

const composers = new Map<string, { compose: Composer<string>; variants: readonly string[] }>();
const composedTexts = new Map<string, { href: string; json: string }>();

/**
 * Declares the texts of an island (decision 045): `compose` makes them for a language and each
 * of `variants` (words for the choices they depend on; none by default). Returns what the
 * island's page passes as its `resources`: their address,
 * `/texts/<locale>/<name>[~<variant>].<hash>.json`. Every process composes the same texts for an
 * address, so any of them answers it.
 */
export function islandTexts<V extends string = ''>(
	name: string,
	compose: Composer<V>,
	variants: readonly V[] = [''] as V[],
) {
	composers.set(name, { compose: compose as Composer<string>, variants });
	return (locale: Locale, variant: V = '' as V): IslandTexts => ({
		href: composeTexts(name, locale, variant)!.href,
	});
}

function composeTexts(name: string, locale: Locale, variant: string) {
	const key = `${locale}/${name}${variant && `~${variant}`}`;
	let texts = composedTexts.get(key);
	if (texts) return texts;
	const composer = composers.get(name);
	if (!composer?.variants.includes(variant)) return undefined;
	const resources = composer.compose(locale, variant);
	const json = JSON.stringify(resources);
	const hash = createHash('sha256').update(json).digest('base64url').slice(0, 12);
	texts = { href: `/texts/${key}.${hash}.json`, json };
	composedTexts.set(key, texts);
	rememberIslandTexts(texts.href, resources);
	return texts;
}

/**
 * The JSON of the island texts at `pathname`, or undefined when this version has none there (an
 * unknown island, language or variant, or the hash of other texts).
 */
export function islandTextsAt(pathname: string): string | undefined {
	const match = /^\/texts\/([a-z]+)\/([a-z0-9-]+)(?:~([a-z0-9-]+))?\.[\w-]{12}\.json$/.exec(
		pathname,
	);
	const [, locale, name, variant = ''] = match ?? [];
	if (!locale || !name || !isLocale(locale)) return undefined;
	const texts = composeTexts(name, locale, variant);
	return texts?.href === pathname ? texts.json : undefined;
}
