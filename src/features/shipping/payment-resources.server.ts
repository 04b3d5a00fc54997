import { islandResources, islandTexts } from '~/server/i18n';

/** The texts an order's payment page gives its island (`PaymentPage`), once per language. */
export const paymentPageResources = islandTexts('payment-page', (locale) =>
	islandResources(locale, ['orders', 'common']),
);
