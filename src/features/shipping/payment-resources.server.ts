import type { IslandResources } from '~/lib/i18n/island';
import type { Locale } from '~/lib/i18n/locales';
import { islandResources, islandResourcesOnce } from '~/server/i18n';

/** The texts an order's payment page gives its island (`PaymentPage`), once per language. */
export function paymentPageResources(locale: Locale): IslandResources {
	return islandResourcesOnce(locale, 'payment-page', () =>
		islandResources(locale, ['orders', 'common']),
	);
}
