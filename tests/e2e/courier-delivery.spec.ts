/**
 * Courier delivery on a phone (390 px), in simulated mode (the embedded server): a signed-out
 * visitor who chooses courier is asked to sign up; a receiver chooses courier on an item, meets
 * every rule of the shipping form once, fills it in, picks a courier service with insurance, and
 * reads the cost summary with the 10% service fee. The journey runs in one language.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import enCommon from '../../locales/en/common.json' with { type: 'json' };
import enItemDetail from '../../locales/en/itemDetail.json' with { type: 'json' };
import enShipping from '../../locales/en/shipping.json' with { type: 'json' };
import idCommon from '../../locales/id/common.json' with { type: 'json' };
import idItemDetail from '../../locales/id/itemDetail.json' with { type: 'json' };
import idShipping from '../../locales/id/shipping.json' with { type: 'json' };
import { courierTotal } from '../../src/config/shipping';
import type { Area } from '../../src/features/areas/areas';
import type { RateQuote } from '../../src/features/shipping/shipping';
import { formatRupiah } from '../../src/lib/format';
import { expect, islandReady, signedIn, test } from './support/accounts';
import { fill, type Locale, localePath } from './support/i18n';
import { listItem } from './support/items';
import { otherVisitor } from './support/visitors';

const texts = {
	id: { common: idCommon, itemDetail: idItemDetail, shipping: idShipping },
	en: { common: enCommon, itemDetail: enItemDetail, shipping: enShipping },
} satisfies Record<Locale, unknown>;

const phone = { width: 390, height: 844 };
test.use({ viewport: phone });
test.describe.configure({ timeout: 90_000 });

/** The district the API finds first for `query`. */
async function firstArea(page: Page, query: string): Promise<Area> {
	const response = await page.request.get(`/api/shipping/areas/search?q=${query}`);
	return ((await response.json()) as { data: { areas: Area[] } }).data.areas[0]!;
}

test.describe('the shipping form', () => {
	const locale: Locale = 'id';
	const { common, itemDetail, shipping } = texts[locale];
	const errors = shipping.errors;

	test('a receiver fills the shipping form, picks a courier and sees the cost', async ({
		page,
		browser,
		baseURL,
	}) => {
		const tag = randomBytes(3).toString('hex').toUpperCase();
		await signedIn(page, { locale });
		const listed = await listItem(page, `Rak buku ${tag}`, 1, 2);

		const receiver = await otherVisitor(browser, baseURL!);
		await receiver.setViewportSize(phone);
		const itemPath = localePath(`/items/${listed.id}`, locale);
		const courier = receiver.getByRole('radio', { name: itemDetail.pickup.shippingTitle });

		// Signed out, choosing courier delivery asks to sign up first.
		await receiver.goto(itemPath);
		await islandReady(courier);
		await courier.click();
		await receiver.waitForURL((url) => url.pathname === localePath('/register', locale));

		const account = await signedIn(receiver, { locale });
		await receiver.goto(itemPath);
		await islandReady(courier);
		await courier.check();

		const form = receiver.getByRole('form', { name: shipping.title });
		await expect(form.getByRole('note')).toHaveText(shipping.simulationNote);
		const field = (label: string) => form.getByLabel(label, { exact: true });
		const name = field(shipping.fields.recipientName);
		const phoneField = field(shipping.fields.recipientPhone);
		const district = form.getByRole('combobox');
		const village = field(shipping.fields.village);
		const postalCode = field(shipping.fields.postalCode);
		const address = field(shipping.fields.address);
		const payPlain = form.getByRole('button', { name: shipping.summary.payPlain, exact: true });

		// Filled in from the receiver's profile.
		await expect(name).toHaveValue(account.profile.name);
		await expect(district).toHaveValue(account.profile.areaName);
		await expect(form.getByRole('radio').first()).toBeVisible();

		// Emptied, every rule speaks once: under a field left, or under every field after Pay.
		await name.fill('');
		await phoneField.fill('');
		await district.fill('');
		await address.fill('');
		await expect(form.getByText(errors.villageRequired)).toHaveCount(0);
		// Leaving the field first: its message moves the button before the click would land.
		await address.blur();
		await payPlain.click();
		for (const message of [
			errors.recipientNameRequired,
			errors.recipientPhoneRequired,
			errors.areaRequired,
			errors.villageRequired,
			errors.postalCodeRequired,
			errors.addressRequired,
			errors.courierRequired,
		]) {
			await expect(form.getByText(message, { exact: true })).toHaveCount(1);
		}
		await expect(form.getByText(shipping.rates.needsArea)).toBeVisible();
		await expect(name).toBeFocused();

		// Too short, too few digits, a postal code that is not five digits.
		await name.fill('Bu');
		await phoneField.fill('812');
		await village.fill('Bi');
		await postalCode.fill('123');
		await address.fill('Jl. A');
		for (const message of [
			errors.recipientNameMin,
			errors.recipientPhoneInvalid,
			errors.villageMin,
			errors.postalCodeInvalid,
			errors.addressMin,
		]) {
			await expect(form.getByText(message, { exact: true })).toHaveCount(1);
		}

		// Filled in right, to another district.
		const destination = await firstArea(receiver, 'pesanggrahan');
		await name.fill(`Eko Prasetyo ${tag}`);
		await phoneField.fill('81234567890');
		await district.fill('pesanggrahan');
		await receiver.getByRole('option', { name: destination.name }).click();
		await expect(form.getByText(destination.administrative_division_level_2_name)).toBeVisible();
		await village.fill('Bintaro');
		await postalCode.fill('12330');
		await address.fill('Jl. Bintaro Permai No. 7, RT 03/RW 05');
		await expect(form.getByText(/shipping\.errors|wajib|required/i)).toHaveCount(0);

		// The rates of the simulated table, each card alike on the narrowest phone: the price beside
		// the name, at its top, however long the name.
		await receiver.setViewportSize({ width: 320, height: 844 });
		await expect(form.locator('[data-rate-price]')).not.toHaveCount(0);
		const cards = await form.locator('label:has([data-rate-price])').evaluateAll((labels) =>
			labels.map((label) => {
				const top = (selector: string) =>
					label.querySelector(selector)!.getBoundingClientRect().top;
				return Math.round(top('[data-rate-price]') - top('[data-rate-name]'));
			}),
		);
		expect(cards, 'how far below its name each price sits').toEqual(cards.map(() => 0));
		await receiver.setViewportSize(phone);
		// Insurance comes after the rates it adds a fee to.
		const insurance = form.getByRole('checkbox', { name: shipping.rates.insurance });
		expect(
			await insurance.evaluate((box) => {
				const rates = [...(box as HTMLInputElement).form!.querySelectorAll('input[type="radio"]')];
				return rates.every(
					(rate) => rate.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING,
				);
			}),
		).toBe(true);
		await insurance.check();
		const response = await receiver.request.get(
			`/api/items/${listed.id}/shipping-rates?destination_area_id=${destination.id}&quantity=1&insurance=true`,
		);
		const { rates } = ((await response.json()) as { data: RateQuote }).data;
		const jne = rates.find((rate) => rate.courierCode === 'jne')!;
		const option = form.getByRole('radio', { name: new RegExp(`^${jne.courierName}`) });
		await expect(form.getByRole('radio')).toHaveCount(rates.length);
		await expect(
			form.getByText(fill(common.courierEstimate.range_days, { ...jne.durationRange })),
		).not.toHaveCount(0);
		await option.check();

		const total = courierTotal({ shipping: jne.price, insurance: jne.insuranceFee });
		const summary = form.getByRole('region', { name: shipping.summary.heading });
		await expect(summary).toContainText(
			`${shipping.summary.shipping}${formatRupiah(total.shipping)}`,
		);
		await expect(summary).toContainText(`${shipping.summary.fee}${formatRupiah(total.fee)}`);
		await expect(summary).toContainText(
			`${shipping.summary.insurance}${formatRupiah(total.insurance)}`,
		);
		await expect(summary).toContainText(`${shipping.summary.total}${formatRupiah(total.total)}`);
		await expect(
			form.getByRole('button', {
				name: fill(shipping.summary.pay, { amount: formatRupiah(total.total) }),
			}),
		).toBeVisible();
		await expect(form.getByText(errors.courierRequired)).toHaveCount(0);

		// The open form fits the phone's width.
		expect(await receiver.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
			phone.width,
		);

		// Direct pickup is one tap away and brings back the WhatsApp button.
		await receiver.getByRole('radio', { name: itemDetail.pickup.directTitle }).check();
		await expect(form).toHaveCount(0);
		await expect(receiver.getByRole('button', { name: itemDetail.whatsapp.contact })).toBeVisible();
	});
});
