/**
 * Courier orders on a phone (390 px), in simulated mode: a receiver pays on the built-in page,
 * the donor marks the parcel ready, the item goes SHIPPED, the simulated courier delivers it and
 * the receiver confirms; and each other outcome of a payment (pending then success, cancelled,
 * failed, error) shows its screen. Both people start signed in; each journey runs in one language.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import enItemDetail from '../../locales/en/itemDetail.json' with { type: 'json' };
import enMyRequests from '../../locales/en/myRequests.json' with { type: 'json' };
import enOrders from '../../locales/en/orders.json' with { type: 'json' };
import enShipping from '../../locales/en/shipping.json' with { type: 'json' };
import idItemDetail from '../../locales/id/itemDetail.json' with { type: 'json' };
import idMyRequests from '../../locales/id/myRequests.json' with { type: 'json' };
import idOrders from '../../locales/id/orders.json' with { type: 'json' };
import idShipping from '../../locales/id/shipping.json' with { type: 'json' };
import type { CourierOrder, PaymentOutcome } from '../../src/features/shipping/orders';
import { expect, islandReady, signedIn, test } from './support/accounts';
import { type Locale, localePath } from './support/i18n';
import { listItem } from './support/items';
import { placeCourierOrder } from './support/orders';
import { otherVisitor } from './support/visitors';

const texts = {
	id: {
		itemDetail: idItemDetail,
		shipping: idShipping,
		orders: idOrders,
		myRequests: idMyRequests,
	},
	en: {
		itemDetail: enItemDetail,
		shipping: enShipping,
		orders: enOrders,
		myRequests: enMyRequests,
	},
} satisfies Record<Locale, unknown>;

const phone = { width: 390, height: 844 };
test.use({ viewport: phone });
test.describe.configure({ timeout: 120_000 });

async function itemStatus(page: Page, itemId: number): Promise<string> {
	const response = await page.request.get(`/api/items/${itemId}`);
	return ((await response.json()) as { data: { status: string } }).data.status;
}

test.describe('a delivered order', () => {
	const locale: Locale = 'id';
	const { itemDetail, shipping, orders, myRequests } = texts[locale];

	test('a receiver pays, the donor ships, the courier delivers, the receiver confirms', async ({
		page,
		browser,
		baseURL,
	}) => {
		const tag = randomBytes(3).toString('hex').toUpperCase();
		await signedIn(page, { locale });
		const listed = await listItem(page, `Lemari kayu ${tag}`, 1, 1);

		const receiver = await otherVisitor(browser, baseURL!);
		await receiver.setViewportSize(phone);
		await signedIn(receiver, { locale });
		await receiver.goto(localePath(`/items/${listed.id}`, locale));
		await receiver.getByRole('radio', { name: itemDetail.pickup.shippingTitle }).check();
		const form = receiver.getByRole('form', { name: shipping.title });
		const field = (label: string) => form.getByLabel(label, { exact: true });
		await field(shipping.fields.recipientPhone).fill('81234567890');
		await field(shipping.fields.village).fill('Gegerkalong');
		await field(shipping.fields.postalCode).fill('40153');
		await field(shipping.fields.address).fill('Jl. Sukasari No. 5, RT 02/RW 03');
		await form.getByRole('radio').first().check();
		await form.getByRole('button', { name: new RegExp(`^${shipping.summary.payPlain}`) }).click();

		// The built-in payment page, marked as a simulation.
		await receiver.waitForURL(/\/pay\/HBH-/);
		await expect(receiver.getByText(orders.payment.simulationNote)).toBeVisible();
		await islandReady(receiver.getByRole('button', { name: orders.payment.payNow }));
		await receiver.getByRole('radio', { name: orders.payment.outcomes.success }).check();
		await receiver.getByRole('button', { name: orders.payment.payNow }).click();
		await expect(receiver.getByRole('status')).toContainText(orders.payment.screens.paid.title);
		expect(await itemStatus(receiver, listed.id)).toBe('RESERVED');

		// The donor sees the recipient and the courier, and hands the parcel over.
		await page.goto(localePath(`/my-items/${listed.id}/requests`, locale));
		await expect(page.getByText(orders.states.paid, { exact: true })).toBeVisible();
		await islandReady(page.getByRole('button', { name: orders.actions.readyForPickup }));
		await expect(page.getByText('Gegerkalong', { exact: false })).toBeVisible();
		await page.getByRole('button', { name: orders.actions.readyForPickup }).click();
		await expect(page.getByText(orders.states.shipped, { exact: true })).toBeVisible();
		expect(await itemStatus(page, listed.id)).toBe('SHIPPED');

		// The simulated courier delivers; the receiver follows it and confirms.
		await receiver.goto(localePath('/my-requests', locale));
		await expect(async () => {
			await receiver.reload();
			await expect(receiver.getByText(orders.states.delivered, { exact: true })).toBeVisible({
				timeout: 2_000,
			});
		}).toPass({ timeout: 30_000 });
		await expect(receiver.locator('[data-step="delivered"]')).toContainText(
			orders.tracking.steps.delivered,
		);
		expect(await itemStatus(receiver, listed.id)).toBe('DONATED');
		await receiver.getByRole('button', { name: myRequests.actions.confirm }).click();
		await receiver
			.getByRole('dialog', { name: myRequests.dialogs.confirm.title })
			.getByRole('button', { name: myRequests.dialogs.confirm.confirm })
			.click();
		await expect(receiver.getByRole('button', { name: myRequests.actions.confirm })).toHaveCount(0);
	});
});

test.describe('payment outcomes', () => {
	const locale: Locale = 'en';
	const { orders } = texts[locale];

	test('every payment outcome has its screen; a pending one resumes', async ({
		page,
		browser,
		baseURL,
	}) => {
		const tag = randomBytes(3).toString('hex').toUpperCase();
		await signedIn(page, { locale });
		const outcomes = ['cancelled', 'failed', 'error'] as const;
		const items = [];
		for (let index = 0; index < outcomes.length + 1; index += 1) {
			items.push(await listItem(page, `Meja belajar ${tag}-${index}`, 1, 1));
		}
		const receiver = await otherVisitor(browser, baseURL!);
		await receiver.setViewportSize(phone);
		await signedIn(receiver, { locale });

		const pay = async (order: CourierOrder, outcome: PaymentOutcome) => {
			await receiver.goto(localePath(`/pay/${order.id}`, locale));
			await islandReady(receiver.getByRole('button', { name: orders.payment.payNow }));
			await receiver.getByRole('radio', { name: orders.payment.outcomes[outcome] }).check();
			await receiver.getByRole('button', { name: orders.payment.payNow }).click();
		};

		for (const [index, outcome] of outcomes.entries()) {
			const order = await placeCourierOrder(receiver.request, items[index]!.id);
			await pay(order, outcome);
			const { title, detail } = orders.payment.screens[outcome];
			await expect(receiver.getByRole('status')).toHaveText(`${title}${detail}`);
			await expect(receiver.getByRole('button', { name: orders.payment.payNow })).toHaveCount(0);
			// The item is still there: paying again goes back to its courier form.
			await expect(receiver.getByRole('link', { name: orders.payment.payAgain })).toHaveAttribute(
				'href',
				localePath(`/items/${items[index]!.id}`, locale),
			);
		}

		const pending = await placeCourierOrder(receiver.request, items[outcomes.length]!.id);
		await pay(pending, 'pending');
		await expect(receiver.getByRole('status')).toContainText(orders.payment.screens.pending.title);
		// Later, from the request card, the payment resumes and succeeds.
		await receiver.goto(localePath('/my-requests', locale));
		await receiver.getByRole('link', { name: orders.payment.resume }).click();
		await receiver.waitForURL(/\/pay\/HBH-/);
		await islandReady(receiver.getByRole('button', { name: orders.payment.resume }));
		await receiver.getByRole('radio', { name: orders.payment.outcomes.success }).check();
		await receiver.getByRole('button', { name: orders.payment.resume }).click();
		await expect(receiver.getByRole('status')).toContainText(orders.payment.screens.paid.title);
	});
});
