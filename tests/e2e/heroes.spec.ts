import { type Locator, type Page, expect, test } from '@playwright/test';
import { collusionLimits } from '../../src/config/limits';
import { heroTexts, requireSeededServer } from './support/heroes';
import { fill, type Locale, localePath, pageTitle } from './support/i18n';
import { fullDonors, seedReceiver, sparseDonors } from './support/seed';

requireSeededServer();

const names = (donors: { name: string }[]) => donors.map((donor) => donor.name);
const tableRows = (page: Page) => page.getByRole('table').locator('tbody tr');

/** Waits until the table shows exactly these ranks and donor names, in order. */
async function expectRows(page: Page, expected: [number, string][]): Promise<void> {
	const rows = tableRows(page);
	await expect(rows.locator('td:first-child')).toHaveText(expected.map(([rank]) => String(rank)));
	await expect(rows.locator('a')).toHaveText(expected.map(([, name]) => name));
}

/** Expects the cards on one line, as far from the list's left edge as from its right one. */
async function expectCentredRow(list: Locator, cards: Locator): Promise<void> {
	const area = (await list.boundingBox())!;
	const boxes = await Promise.all(
		(await cards.all()).map(async (card) => (await card.boundingBox())!),
	);
	const first = boxes[0]!;
	const last = boxes.at(-1)!;
	expect(boxes.map((box) => box.y)).toEqual(boxes.map(() => first.y));
	const left = first.x - area.x;
	const right = area.x + area.width - (last.x + last.width);
	expect(Math.abs(left - right), `${left} px on the left, ${right} px on the right`).toBeLessThan(
		2,
	);
}

/** The figure of the giving record's row labelled `label`. */
function givingRow(record: Locator, label: string): Locator {
	return record
		.locator('dl > div')
		.filter({ has: record.page().getByText(label, { exact: true }) })
		.locator('dd');
}

async function badgesOf(card: Locator): Promise<(string | null)[]> {
	return card
		.locator('[data-badge]')
		.evaluateAll((chips) => chips.map((chip) => chip.getAttribute('data-badge')));
}

/**
 * What a journey in `locale` reads and opens. Each journey runs in one language and the next in
 * the other; `page-languages.spec.ts` sees every page in both, `accessibility.spec.ts` runs axe.
 */
function inLanguage(locale: Locale) {
	return {
		...heroTexts[locale],
		at: (path: string) => localePath(path, locale),
		rankings: localePath('/heroes/rankings', locale),
	};
}

test.describe('heroes with twelve donors', { tag: '@full' }, () => {
	test('pages through the rankings ten at a time (id)', async ({ page }) => {
		const { impact, at, rankings } = inLanguage('id');
		await page.goto(rankings);
		await expect(page).toHaveTitle(pageTitle(impact.title));
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(impact.heading);
		const firstPage = fullDonors.slice(0, 9).concat(fullDonors[11]!);
		await expectRows(
			page,
			firstPage.map((donor, index) => [index + 1, donor.name]),
		);
		const first = page.getByRole('link', { name: fullDonors[0]!.name, exact: true });
		await expect(first).toHaveAttribute('href', at('/profile/e2e-hero-01'));

		const pages = page.getByRole('navigation', { name: impact.pagination.label });
		const previous = pages.getByRole('button', { name: impact.pagination.previous });
		const next = pages.getByRole('button', { name: impact.pagination.next });
		await expect(pages).toContainText(fill(impact.pagination.page, { page: 1, total: 2 }));
		await expect(previous).toBeDisabled();
		await next.click();
		await expect(page).toHaveURL(`${rankings}?page=2`);
		await expect(pages).toContainText(fill(impact.pagination.page, { page: 2, total: 2 }));
		await expectRows(page, [
			[11, 'Joko Susilo'],
			[12, 'Kartika Sari'],
		]);
		await expect(next).toBeDisabled();

		await page.reload();
		await expect(tableRows(page).first()).toContainText('Joko Susilo');
		await page.goBack();
		await expect(page).toHaveURL(rankings);
		await expect(tableRows(page)).toHaveCount(10);
		await expect(tableRows(page).first().locator('a')).toHaveText('Ayu Lestari');
	});

	test('changes the period and the order, keeping them in the address (en)', async ({ page }) => {
		const { impact, rankings } = inLanguage('en');
		await page.goto(rankings);
		await expect(tableRows(page)).toHaveCount(10);
		await page.getByLabel(impact.range.label).selectOption('month');
		await expect(page).toHaveURL(`${rankings}?range=month`);
		await expectRows(page, [
			[1, 'Lukman Hakim'],
			[2, 'Joko Susilo'],
			[3, 'Kartika Sari'],
		]);
		await page.getByLabel(impact.sort.label).selectOption('recent');
		await expect(page).toHaveURL(`${rankings}?range=month&sort=recent`);
		await expectRows(page, [
			[1, 'Lukman Hakim'],
			[2, 'Kartika Sari'],
			[3, 'Joko Susilo'],
		]);
		await page.getByLabel(impact.range.label).selectOption('year');
		await page.getByLabel(impact.sort.label).selectOption('donations');
		await expect(page).toHaveURL(`${rankings}?range=year&sort=donations`);
		await expect(tableRows(page).first().locator('a')).toHaveText('Lukman Hakim');

		await page.goto(`${rankings}?sort=donations`);
		await expect(page.getByLabel(impact.sort.label)).toHaveValue('donations');
		await expect(tableRows(page)).toHaveCount(10);
		await expect(tableRows(page).first().locator('a')).toHaveText('Lukman Hakim');
	});

	test('keeps the column of its order in view on a phone, the other figures under the name (id)', async ({
		page,
	}) => {
		const { impact, rankings } = inLanguage('id');
		// Six page loads: over 30 s on a slow machine.
		test.setTimeout(90_000);
		const orders = [
			{ sort: 'impact', label: impact.table.impactScore, first: /^60$/ },
			{ sort: 'donations', label: impact.table.donations, first: /^2$/ },
			{ sort: 'recent', label: impact.table.lastDonation, first: /^\d{1,2} \S+ \d{4}$/ },
		] as const;
		for (const width of [320, 390]) {
			await page.setViewportSize({ width, height: 800 });
			for (const { sort, label, first } of orders) {
				await page.goto(`${rankings}?sort=${sort}`);
				await expect(tableRows(page)).toHaveCount(10);
				const header = page.getByRole('columnheader', { name: label, exact: true });
				await expect(header).toHaveAttribute('aria-sort', 'descending');
				const column = await header.evaluate((cell: HTMLTableCellElement) => cell.cellIndex);
				const cell = tableRows(page).first().locator('td').nth(column);
				await expect(cell).toHaveText(first, { useInnerText: true });
				for (const part of [header, cell]) {
					const box = (await part.boundingBox())!;
					expect(box.x + box.width, `${sort} at ${width} px`).toBeLessThanOrEqual(width);
				}
				const hiddenWidth = await page
					.getByRole('table')
					.evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth);
				expect(hiddenWidth, `the table scrolls sideways at ${width} px`).toBe(0);
				const others = orders.filter((order) => order.sort !== sort);
				for (const other of others) {
					await expect(tableRows(page).first()).toContainText(other.label, {
						useInnerText: true,
					});
				}
			}
		}
	});

	test('sends the rankings the address asks for in the page itself (id)', async ({ request }) => {
		const { rankings } = inLanguage('id');
		const html = await (await request.get(rankings)).text();
		const firstPage = fullDonors.slice(0, 9).concat(fullDonors[11]!);
		const shown = firstPage.map((donor) => html.indexOf(`>${donor.name}<`));
		expect(shown.every((at) => at > 0)).toBe(true);
		expect(shown).toEqual([...shown].sort((a, b) => a - b));
		const byDonations = await (await request.get(`${rankings}?sort=donations`)).text();
		expect(byDonations.indexOf('>Lukman Hakim<')).toBeLessThan(
			byDonations.indexOf('>Ayu Lestari<'),
		);

		// Past the last page, the last page of the same rankings.
		const past = await request.get(`${rankings}?sort=donations&page=9`, { maxRedirects: 0 });
		expect(past.status()).toBe(302);
		expect(past.headers()['location']).toBe(`${rankings}?sort=donations&page=2`);
	});

	test('shows the rankings with the page, and nothing shifts while it loads (en)', async ({
		page,
	}) => {
		const { impact, rankings } = inLanguage('en');
		await page.addInitScript(() => {
			const shifts: number[] = [];
			Object.assign(window, { layoutShifts: shifts });
			new PerformanceObserver((list) => {
				for (const entry of list.getEntries() as (PerformanceEntry & {
					value: number;
					hadRecentInput: boolean;
				})[]) {
					if (!entry.hadRecentInput) shifts.push(entry.value);
				}
			}).observe({ type: 'layout-shift', buffered: true });
		});
		for (const viewport of [
			{ width: 390, height: 844 },
			{ width: 1280, height: 720 },
		]) {
			await page.setViewportSize(viewport);
			await page.goto(rankings);
			await expect(tableRows(page)).toHaveCount(10);
			await expect(page.getByRole('navigation', { name: impact.pagination.label })).toBeVisible();
			// Observers report a frame's shifts in a later task.
			await page.evaluate(
				() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))),
			);
			const shifts = await page.evaluate(
				() => (window as unknown as { layoutShifts: number[] }).layoutShifts,
			);
			const total = shifts.reduce((sum, value) => sum + value, 0);
			expect(total, `layout shift at ${viewport.width} px: ${shifts.join(', ')}`).toBeLessThan(
				0.01,
			);
		}
	});

	test('explains that only confirmed hand-overs count, how, and within which limits (id)', async ({
		page,
	}) => {
		const { impact, rankings } = inLanguage('id');
		await page.goto(rankings);
		const formula = page.getByRole('region', { name: impact.formula.title });
		await expect(formula).toContainText(impact.formula.confirmed);
		await expect(formula).toContainText(impact.formula.points);
		await expect(formula).toContainText(impact.formula.example);
		await expect(formula).toContainText(
			fill(impact.formula.limits, {
				perPair: collusionLimits.perPair,
				pairDays: collusionLimits.pairWindowMs / (24 * 60 * 60_000),
				perDay: collusionLimits.perReceiverPerDay,
			}),
		);
		await expect(formula).toContainText(impact.formula.selfReported);
	});

	test('shows an error when other rankings cannot load, and loads them on retry (en)', async ({
		page,
	}) => {
		const { impact, rankings } = inLanguage('en');
		await page.goto(rankings);
		await expect(tableRows(page)).toHaveCount(10);
		await page.route('**/api/heroes/rankings**', (route) => route.abort());
		await page.getByLabel(impact.range.label).selectOption('month');
		const error = page.getByRole('alert').filter({ hasText: impact.error });
		await expect(error).toBeVisible();
		await page.unroute('**/api/heroes/rankings**');
		await error.getByRole('button', { name: impact.retry }).click();
		await expect(tableRows(page).first().locator('a')).toHaveText('Lukman Hakim');
	});

	test('shows the top five with podium numbers and badges on the home page (id)', async ({
		page,
	}) => {
		const { impact, home, at } = inLanguage('id');
		await page.goto(at('/'));
		const section = page.getByRole('region', { name: home.topDonors.title });
		const cards = section.locator('[data-part="card"]');
		await expect(cards).toHaveCount(5);
		await expectCentredRow(section.locator('[data-part="list"]'), cards);
		for (const [index, donor] of fullDonors.slice(0, 5).entries()) {
			const card = cards.nth(index);
			await expect(card.getByRole('heading', { level: 3 })).toHaveText(donor.name);
			const podium = index < 3;
			await expect(card.locator('[data-part="position"]')).toHaveCount(podium ? 1 : 0);
			if (podium) {
				await expect(card.locator('[data-part="position"]')).toHaveText(
					new RegExp(`#${index + 1}`),
				);
			}
			expect(await badgesOf(card)).toEqual(
				podium ? [`RANK_${index + 1}`, 'VERIFIED'] : ['VERIFIED'],
			);
		}
		await expect(cards.first().getByText(impact.badges.RANK_1.name)).toBeVisible();
		await cards.first().getByRole('link', { name: 'Ayu Lestari' }).click();
		await expect(page).toHaveURL(at('/profile/e2e-hero-01'));
	});

	test('draws each badge as a picture of its own beside its name, with no emoji (en)', async ({
		page,
	}) => {
		const { impact, home, at, rankings } = inLanguage('en');
		// Many systems have no emoji font and show an empty box for a medal.
		const expectDrawn = async (badges: Locator, count: number) => {
			await expect(badges).toHaveCount(count);
			for (const badge of await badges.all()) {
				const id = (await badge.getAttribute('data-badge')) as keyof typeof impact.badges;
				const picture = badge.locator('svg[aria-hidden="true"]');
				await expect(picture).toBeVisible();
				expect((await picture.boundingBox())!.width).toBeGreaterThanOrEqual(12);
				await expect(badge).toHaveText(impact.badges[id].name, { useInnerText: true });
			}
		};
		await page.goto(at('/'));
		const topDonors = page.getByRole('region', { name: home.topDonors.title });
		await expectDrawn(topDonors.locator('[data-badge]'), 8);
		await page.goto(rankings);
		await expectDrawn(tableRows(page).locator('[data-badge]'), 13);
		await page.goto(at('/profile/e2e-hero-01'));
		await expectDrawn(page.getByTestId('badges').locator('[data-badge]'), 2);
	});

	test('shows the site-wide impact on the home page (id)', async ({ page }) => {
		const { home, at } = inLanguage('id');
		await page.goto(at('/'));
		const totals = page.getByRole('region', { name: home.totals.title });
		await expect(totals.locator('[data-total="itemsGiven"]')).toHaveText('13');
		await expect(totals.locator('[data-total="kgDonated"]')).toHaveText('286,2');
		await expect(totals.locator('[data-total="donors"]')).toHaveText('12');
	});

	test('shows rank, donations and badges on the public profile (en)', async ({ page }) => {
		const { impact, profile, at, rankings } = inLanguage('en');
		await page.goto(at('/profile/e2e-hero-01'));
		await expect(page.getByTestId('stat-rank')).toHaveText('#1');
		await expect(page.getByTestId('stat-donations')).toHaveText('1');
		expect(await badgesOf(page.getByTestId('badges'))).toEqual(['RANK_1', 'VERIFIED']);
		// Her bookshelf marked donated without a receiver's confirmation is told apart.
		const record = page.getByRole('region', { name: profile.givings.title });
		await expect(givingRow(record, profile.givings.givenConfirmed)).toHaveText('1');
		await expect(givingRow(record, profile.givings.givenUnconfirmed)).toHaveText('1');
		await expect(givingRow(record, profile.givings.received)).toHaveText('0');
		await expect(record).toContainText(profile.givings.onlyConfirmedCount);
		await record.getByRole('link', { name: profile.givings.howCounted }).click();
		await expect(page).toHaveURL(`${rankings}#impact-formula`);
		await expect(page.getByRole('region', { name: impact.formula.title })).toBeInViewport();
		await page.goto(at('/profile/e2e-hero-12'));
		await expect(page.getByTestId('stat-rank')).toHaveText('#10');
		await expect(page.getByTestId('stat-donations')).toHaveText('2');
		expect(await badgesOf(page.getByTestId('badges'))).toEqual(['VERIFIED']);
	});

	test('shows what a receiver received, their pickups and no-shows, without a rank (id)', async ({
		page,
	}) => {
		const { profile, at } = inLanguage('id');
		await page.goto(at(`/profile/${seedReceiver.id}`));
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(seedReceiver.name);
		await expect(page.getByTestId('stat-rank')).toHaveText(profile.stats.noRank);
		const record = page.getByRole('region', { name: profile.givings.title });
		await expect(givingRow(record, profile.givings.givenConfirmed)).toHaveText('0');
		await expect(givingRow(record, profile.givings.received)).toHaveText('13');
		await expect(givingRow(record, profile.givings.pickupRecord)).toHaveText(
			// Of the 13, the 4 of this month are within the record's 90 days, as is the no-show.
			`${fill(profile.givings.pickupsCompleted_other, { count: 4 })} · ${fill(profile.givings.noShows_one, { count: 1 })}`,
		);
	});
});

test.describe('heroes with three donors', { tag: '@sparse' }, () => {
	test('centres three top donors in a row on the home page (en)', async ({ page }) => {
		const { home, at } = inLanguage('en');
		await page.goto(at('/'));
		const section = page.getByRole('region', { name: home.topDonors.title });
		const list = section.locator('[data-part="list"]');
		const cards = section.locator('[data-part="card"]');
		await expect(cards.getByRole('heading', { level: 3 })).toHaveText(names(sparseDonors));
		for (const width of [1280, 768]) {
			await page.setViewportSize({ width, height: 900 });
			await expectCentredRow(list, cards);
		}
		expect(await badgesOf(cards.last())).toEqual(['RANK_3', 'VERIFIED']);
	});

	test('says so when nobody gave this month (id)', async ({ page }) => {
		const { impact, rankings } = inLanguage('id');
		await page.goto(`${rankings}?range=month`);
		await expect(page.getByText(impact.empty)).toBeVisible();
		await expect(page.getByRole('table')).toHaveCount(0);
		await page.getByLabel(impact.range.label).selectOption('all');
		await expect(tableRows(page)).toHaveCount(3);
		const pages = page.getByRole('navigation', { name: impact.pagination.label });
		await expect(pages).toContainText(fill(impact.pagination.page, { page: 1, total: 1 }));
		await expect(pages.getByRole('button', { name: impact.pagination.next })).toBeDisabled();
	});
});
