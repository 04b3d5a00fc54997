import sharp from 'sharp';
import type { Page } from '@playwright/test';
import {
	acceptConsent,
	accountTexts,
	completeProfile,
	consentLabels,
	credentialsForm,
	displayedPhone,
	expect,
	fillProfileForm,
	fillSignUpForm,
	islandReady,
	newAccount,
	newProfile,
	profileFormReady,
	saveProfile,
	sessionCookie,
	signedIn,
	signedInNewcomer,
	signIn,
	signOut,
	signUp,
	submitSignUp,
	test,
	userMenu,
	userMenuButton,
} from './support/accounts';
import { fill, type Locale, localePath, locales, pageTitle } from './support/i18n';

test.use({ viewport: { width: 1280, height: 800 } });
// Journeys sign up (password hashing) and cross the provider more than once; the others start
// signed in. Each runs in one language, alternating, unless the language is what it tests.
test.describe.configure({ timeout: 90_000 });

/** Expects the page at `path` with exactly the query `params`. */
async function expectAt(page: Page, path: string, params: Record<string, string> = {}) {
	await expect
		.poll(() => {
			const url = new URL(page.url());
			return { path: url.pathname, params: Object.fromEntries(url.searchParams) };
		})
		.toEqual({ path, params });
}

/** A toast (or any text) shown once, exactly as translated. */
function toast(page: Page, message: string) {
	return page.getByText(message, { exact: true }).first();
}

/** The amber incomplete-profile banner. */
function profileBanner(page: Page, locale: Locale) {
	return page.getByRole('status').filter({ hasText: accountTexts[locale].profile.banner.text });
}

/** `22 November 2026`: dates are Indonesian in both languages, in Jakarta time. */
function jakartaDate(date: Date): string {
	return new Intl.DateTimeFormat('id-ID', {
		day: 'numeric',
		month: 'long',
		year: 'numeric',
		timeZone: 'Asia/Jakarta',
	}).format(date);
}

/** A PNG of the given size, made with sharp. */
function png(width: number, height: number): Promise<Buffer> {
	return sharp({
		create: { width, height, channels: 3, background: { r: 210, g: 180, b: 140 } },
	})
		.png()
		.toBuffer();
}

/** The value shown next to `label` on the own profile page. */
function detail(page: Page, label: string) {
	return page.getByRole('main').locator('dt', { hasText: label }).locator('+ dd');
}

test.describe('a new visitor', () => {
	// In English: signing out from an English page lands on the English home.
	const locale: Locale = 'en';
	const { auth, form, nav, profile } = accountTexts[locale];
	const at = (path: string) => localePath(path, locale);

	test('signs up, completes, edits, signs out and back in', async ({ page, context }) => {
		const account = await signUp(page, { locale, consent: false });
		// The terms, the privacy policy and the age come first: nothing goes on until both boxes are.
		await expectAt(page, at('/consent'), { redirectTo: at('/complete-profile') });
		const { legal } = accountTexts[locale];
		const goOn = page.getByRole('button', { name: legal.consent.submit, exact: true });
		const adultRefused = fill(legal.consent.errors.adult, { age: 17 });
		await goOn.click();
		await expect(page.getByText(legal.consent.errors.terms, { exact: true })).toBeVisible();
		await expect(page.getByText(adultRefused, { exact: true })).toBeVisible();
		await page.getByRole('checkbox', { name: consentLabels(locale).terms, exact: true }).check();
		await goOn.click();
		await expect(page.getByText(adultRefused, { exact: true })).toBeVisible();
		await expect(
			page.getByRole('checkbox', { name: consentLabels(locale).terms, exact: true }),
		).toBeChecked();
		await acceptConsent(page, locale);
		await expectAt(page, at('/complete-profile'));
		await expect(page).toHaveTitle(pageTitle(profile.setup.title));
		await expect(page.locator('html')).toHaveAttribute('lang', locale);
		expect(await sessionCookie(context)).toBeDefined();

		// Each invalid field says what is wrong, in the page's language, once it was touched.
		await profileFormReady(page, locale);
		const name = page.getByLabel(profile.fields.name, { exact: true });
		const phone = page.getByLabel(profile.fields.phone);
		const area = page.getByRole('combobox', { name: profile.fields.area });
		const address = page.getByLabel(profile.fields.address, { exact: true });
		const save = page.getByRole('button', { name: profile.setup.submit, exact: true });
		await expect(save).toBeDisabled();

		await name.fill('Ab');
		await name.blur();
		await expect(page.getByText(form.errors.nameMin, { exact: true })).toBeVisible();
		await expect(name).toHaveAttribute('aria-invalid', 'true');

		await phone.fill('812');
		await phone.blur();
		await expect(page.getByText(form.errors.phoneInvalid, { exact: true })).toBeVisible();
		await expect(phone).toHaveAttribute('aria-invalid', 'true');

		await area.focus();
		await area.blur();
		await expect(page.getByText(form.errors.areaRequired, { exact: true })).toBeVisible();
		await expect(area).toHaveAttribute('aria-invalid', 'true');

		await address.fill('Jl. A');
		await address.blur();
		await expect(page.getByText(form.errors.addressMin, { exact: true })).toBeVisible();
		await expect(address).toHaveAttribute('aria-invalid', 'true');
		await expect(save).toBeDisabled();

		// Put right, the errors go and the profile can be saved.
		const details = newProfile();
		const areaName = await fillProfileForm(page, locale, details);
		for (const error of [
			form.errors.nameMin,
			form.errors.phoneInvalid,
			form.errors.areaRequired,
			form.errors.addressMin,
		]) {
			await expect(page.getByText(error, { exact: true })).toHaveCount(0);
		}
		await expect(phone).toHaveValue(displayedPhone(details.phoneDigits).replace('+62 ', ''));
		await save.click();

		await expectAt(page, at('/profile'));
		await expect(toast(page, profile.setup.success)).toBeVisible();
		await expect(page).toHaveTitle(pageTitle(profile.own.title));
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(details.name);
		await expect(page.getByText(profile.standing.unverified, { exact: true })).toBeVisible();
		await expect(detail(page, profile.own.email)).toHaveText(account.email);
		await expect(detail(page, profile.own.phone)).toHaveText(displayedPhone(details.phoneDigits));
		await expect(detail(page, profile.own.phone)).toHaveText(/^\+62 81\d-\d{4}-\d{4}$/);
		await expect(detail(page, profile.own.area)).toHaveText(areaName);
		await expect(detail(page, profile.own.address)).toHaveText(details.address);
		await expect(page.getByTestId('stat-donations')).toHaveText('0');
		await expect(
			page.getByText(profile.standing.joined.replace('{{date}}', jakartaDate(new Date())), {
				exact: true,
			}),
		).toBeVisible();

		// Edit: the form starts from the saved profile; a new name and address are saved.
		await page.getByRole('link', { name: profile.own.edit, exact: true }).click();
		await expectAt(page, at('/edit-profile'));
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(profile.edit.title);
		await profileFormReady(page, locale);
		const editName = page.getByLabel(profile.fields.name, { exact: true });
		const editAddress = page.getByLabel(profile.fields.address, { exact: true });
		await expect(editName).toHaveValue(details.name);
		await expect(editAddress).toHaveValue(details.address);
		await expect(page.getByRole('combobox', { name: profile.fields.area })).toHaveValue(areaName);
		const saveChanges = page.getByRole('button', { name: profile.edit.submit, exact: true });
		await expect(saveChanges).toBeDisabled();
		const newName = `${details.name} Putri`;
		const newAddress = 'Jl. Melati Raya No. 8, RT 03/RW 04, seberang sekolah';
		await editName.fill(newName);
		await editAddress.fill(newAddress);
		// Completing a profile may skip the photo; editing one that has none asks for it first.
		const photoMissing = page.getByText(form.errors.imageUrlRequired, { exact: true });
		await expect(photoMissing).toBeVisible();
		await expect(saveChanges).toBeDisabled();
		const chooser = page.waitForEvent('filechooser');
		await page
			.getByRole('button', { name: `${profile.fields.avatar} ${profile.fields.chooseAvatar}` })
			.click();
		await (
			await chooser
		).setFiles({ name: 'foto.png', mimeType: 'image/png', buffer: await png(300, 300) });
		await expect(photoMissing).toHaveCount(0);
		await saveChanges.click();

		await expectAt(page, at('/profile'));
		await expect(toast(page, profile.edit.success)).toBeVisible();
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(newName);
		await expect(detail(page, profile.own.address)).toHaveText(newAddress);
		await expect(detail(page, profile.own.phone)).toHaveText(displayedPhone(details.phoneDigits));

		// Sign out from the user menu: home in the same language, signed out, with the toast.
		await signOut(page, locale);
		await expectAt(page, at('/'));
		await expect(toast(page, auth.signedOut)).toBeVisible();
		const homeNav = accountTexts[locale].nav;
		const bar = page.getByRole('navigation', { name: homeNav.mainLabel });
		await expect(bar.getByRole('link', { name: homeNav.login, exact: true })).toBeVisible();
		await expect(bar.getByRole('link', { name: homeNav.register, exact: true })).toBeVisible();
		await expect(userMenu(page, locale)).toHaveCount(0);
		expect(await sessionCookie(context)).toBeUndefined();
		// Having signed in on this browser, a member's page asks to sign in rather than sign up.
		await page.goto(at('/profile'));
		await expect(page).toHaveURL(/\/login\?/);

		// And back in with the same email and password, through the sign-in form.
		await signIn(page, account.email, account.password, locale);
		await expectAt(page, at('/'));
		const menu = userMenu(page, locale);
		await userMenuButton(page, locale).click();
		await expect(menu.locator('.dropdown-content [data-user-name]')).toHaveText(newName);
		await expect(menu.locator('.dropdown-content [data-user-email]')).toHaveText(account.email);
		await expect(
			menu.getByRole('link', { name: nav.account.profile, exact: true }),
		).toHaveAttribute('href', at('/profile'));
	});
});

test.describe('the provider’s forms', () => {
	test('a wrong password is refused with the translated message, the right one signs in', async ({
		page,
		context,
	}) => {
		const { auth } = accountTexts.id;
		const account = await signUp(page);
		await saveProfile(page, newProfile({ areaQuery: '' }));
		await context.clearCookies();

		await page.goto('/login');
		await page.waitForURL(/\/auth\/interaction\//);
		await expect(credentialsForm(page).getByRole('heading', { level: 1 })).toHaveText(
			auth.form.signInHeading,
		);
		const email = credentialsForm(page).getByLabel(auth.form.email, { exact: true });
		const password = credentialsForm(page).getByLabel(auth.form.password, { exact: true });
		await email.fill(account.email);
		await password.fill(`${account.password}-salah`);
		await credentialsForm(page)
			.getByRole('button', { name: auth.form.signIn, exact: true })
			.click();
		await expect(page.getByRole('alert')).toHaveText(auth.form.errors.invalidCredentials);
		await expect(page).toHaveURL(/\/auth\/interaction\//);
		await expect(email).toHaveValue(account.email);
		expect(await sessionCookie(context)).toBeUndefined();

		await password.fill(account.password);
		await credentialsForm(page)
			.getByRole('button', { name: auth.form.signIn, exact: true })
			.click();
		await expectAt(page, '/');
		expect(await sessionCookie(context)).toBeDefined();
	});

	test('registering an email that is taken says so, in English too', async ({ page, context }) => {
		const account = await signUp(page);
		await context.clearCookies();

		for (const locale of locales) {
			const { auth } = accountTexts[locale];
			await page.goto(localePath('/register', locale));
			await page.waitForURL(/\/auth\/interaction\//);
			await expect(credentialsForm(page).getByRole('heading', { level: 1 })).toHaveText(
				auth.form.signUpHeading,
			);
			await fillSignUpForm(page, { ...account, email: account.email.toUpperCase(), locale });
			await credentialsForm(page)
				.getByRole('button', { name: auth.form.signUp, exact: true })
				.click();
			await expect(page.getByRole('alert')).toHaveText(auth.form.errors.emailTaken);
			await expect(page).toHaveURL(/\/auth\/interaction\//);
			expect(await sessionCookie(context)).toBeUndefined();
		}
	});
});

test.describe('guards and the way back', () => {
	const targets: { locale: Locale; path: string; landing: string }[] = [
		{ locale: 'id', path: '/profile', landing: '/profile' },
		{ locale: 'id', path: '/edit-profile', landing: '/edit-profile' },
		// Completing the profile was the goal: once done, the visitor sees their profile.
		{ locale: 'id', path: '/complete-profile', landing: '/profile' },
		{ locale: 'en', path: '/en/edit-profile', landing: '/en/edit-profile' },
	];

	for (const { locale, path, landing } of targets) {
		test(`a signed-out visit to ${path} asks to sign up first and comes back after`, async ({
			page,
		}) => {
			const { auth, profile } = accountTexts[locale];
			await page.goto(path, { waitUntil: 'networkidle' });
			await expectAt(page, localePath('/register', locale), {
				redirectTo: path,
				reason: 'loginRequired',
			});
			const main = page.getByRole('main');
			await expect(main.getByRole('status')).toHaveText(auth.loginRequired);
			// The page says why once, in its note; no toast repeats it.
			expect(await page.getByText(auth.loginRequired, { exact: true }).count()).toBe(1);
			await expect(page.getByRole('heading', { level: 1 })).toHaveText(auth.registerTitle);

			await main.getByRole('link', { name: auth.continueToRegister, exact: true }).click();
			await page.waitForURL(/\/auth\/interaction\//);
			await submitSignUp(page, newAccount(locale));

			// A new account completes its profile first, then goes where it was going.
			await expect(page).toHaveURL(
				(url) => url.pathname === localePath('/complete-profile', locale),
			);
			await expect(page.getByText(profile.completeProfileFirst, { exact: true })).toHaveCount(0);
			await completeProfile(page, { locale });
			await expectAt(page, landing);
			await expect(toast(page, profile.setup.success)).toBeVisible();
		});
	}

	test('an incomplete profile sees the banner everywhere but on completion, until complete', async ({
		page,
	}) => {
		const { profile, nav } = accountTexts.id;
		await signedInNewcomer(page);
		await page.goto('/complete-profile');
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(profile.setup.title);
		await expect(profileBanner(page, 'id')).toHaveCount(0);

		// Prerendered pages reveal it once they know who is signed in; server pages render it.
		for (const path of ['/', '/terms', '/items', '/en/terms']) {
			await page.goto(path);
			const locale = path.startsWith('/en') ? 'en' : 'id';
			await expect(profileBanner(page, locale)).toBeVisible();
		}
		await page.goto('/');
		const menu = userMenu(page, 'id');
		await userMenuButton(page, 'id').click();
		await expect(
			menu.getByRole('link', { name: nav.account.completeProfile, exact: true }),
		).toHaveAttribute('href', '/complete-profile');
		await userMenuButton(page, 'id').click();
		await profileBanner(page, 'id')
			.getByRole('link', { name: profile.banner.action, exact: true })
			.click();
		await expectAt(page, '/complete-profile');

		// Pages that need a complete profile send it to completion, saying why, once.
		for (const path of ['/profile', '/edit-profile']) {
			await page.goto(path, { waitUntil: 'networkidle' });
			await expectAt(page, '/complete-profile', {
				redirectTo: path,
				reason: 'completeProfileFirst',
			});
			await expect(
				page
					.getByRole('main')
					.getByRole('status')
					.filter({ hasText: profile.completeProfileFirst }),
			).toBeVisible();
			expect(await page.getByText(profile.completeProfileFirst, { exact: true }).count()).toBe(1);
			await expect(profileBanner(page, 'id')).toHaveCount(0);
		}

		await completeProfile(page);
		await expectAt(page, '/edit-profile');
		for (const path of ['/', '/terms', '/items', '/profile']) {
			await page.goto(path);
			await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
			await expect(profileBanner(page, 'id')).toBeHidden();
		}

		// A complete profile has nothing left to complete.
		await page.goto('/complete-profile');
		await expectAt(page, '/');
		await page.goto('/en/complete-profile');
		await expectAt(page, '/en');
	});
});

test.describe('profiles', () => {
	test('a phone number already used by another account is refused', async ({ page, context }) => {
		const locale: Locale = 'en';
		const { profile } = accountTexts[locale];
		const at = (path: string) => localePath(path, locale);
		const first = await signedIn(page, { locale });
		await context.clearCookies();

		await signedInNewcomer(page, locale);
		await page.goto(at('/complete-profile'));
		const details = newProfile({ phoneDigits: first.profile.phoneDigits });
		await fillProfileForm(page, locale, details);
		await page.getByRole('button', { name: profile.setup.submit, exact: true }).click();

		// Said once, under the phone field, which takes the focus: no alert above the form, no toast.
		const phone = page.getByLabel(profile.fields.phone);
		await expect(phone).toHaveAttribute('aria-invalid', 'true');
		await expect(phone).toBeFocused();
		await expect(phone).toHaveAccessibleDescription(
			`${profile.fields.phoneHint} ${profile.setup.phoneInUse}`,
		);
		expect(await page.getByText(profile.setup.phoneInUse, { exact: true }).count()).toBe(1);
		await expect(page.getByRole('alert')).toHaveCount(0);
		await expectAt(page, at('/complete-profile'));

		// Another number goes through.
		await page.getByLabel(profile.fields.phone).fill(newProfile().phoneDigits);
		await page.getByRole('button', { name: profile.setup.submit, exact: true }).click();
		await expectAt(page, at('/profile'));
	});

	test('the public profile shows name, joined date and stats, but no email or phone', async ({
		page,
		context,
	}) => {
		const { profile } = accountTexts.id;
		const account = await signedIn(page);
		await page.goto('/profile');
		await page.getByRole('link', { name: profile.own.viewPublic, exact: true }).click();
		await expect(page).toHaveURL(/\/profile\/[\w-]+$/);
		const publicPath = new URL(page.url()).pathname;
		const userId = publicPath.split('/').pop()!;

		const digits = account.profile.phoneDigits;
		const secrets = [account.email, digits, `+62${digits}`, displayedPhone(digits).slice(4)];
		const checkPublicPage = async (locale: Locale) => {
			const texts = accountTexts[locale].profile;
			await expect(page.getByRole('heading', { level: 1 })).toHaveText(account.profile.name);
			await expect(page).toHaveTitle(pageTitle(account.profile.name));
			await expect(
				page.getByText(texts.standing.joined.replace('{{date}}', jakartaDate(new Date())), {
					exact: true,
				}),
			).toBeVisible();
			await expect(page.getByTestId('stat-rank')).toHaveText(texts.stats.noRank);
			await expect(page.getByTestId('stat-donations')).toHaveText('0');
			await expect(page.getByTestId('stat-impact')).toHaveText('0');
			// The owner's own menu shows their email; the profile itself never does.
			const byOwner = (await context.cookies()).length > 0;
			const html = byOwner ? await page.getByRole('main').innerHTML() : await page.content();
			for (const secret of secrets) expect(html).not.toContain(secret);
		};

		await checkPublicPage('id');
		// As anyone else sees it, in both languages.
		await context.clearCookies();
		await page.goto(publicPath);
		await checkPublicPage('id');
		await page.goto(`/en${publicPath}`);
		await checkPublicPage('en');

		const response = await page.request.get(`/api/profile/${userId}`);
		expect(response.status()).toBe(200);
		const body = await response.text();
		expect(JSON.parse(body).data).toMatchObject({ id: userId, name: account.profile.name });
		for (const secret of secrets) expect(body).not.toContain(secret);
	});

	test('the identity preview on /edit-profile passes a clear photo and fails a small one', async ({
		page,
	}) => {
		const { profile } = accountTexts.id;
		await signedIn(page);
		await page.goto('/edit-profile');
		const card = page.getByRole('region', { name: profile.verification.title });
		await expect(card).toContainText(profile.verification.states.idle);
		await islandReady(card);

		const pick = async (button: string, name: string, width: number, height: number) => {
			const chooser = page.waitForEvent('filechooser');
			await card.getByRole('button', { name: button, exact: true }).click();
			await (
				await chooser
			).setFiles({ name, mimeType: 'image/png', buffer: await png(width, height) });
		};

		await pick(profile.verification.choose, 'ktp.png', 800, 600);
		await expect(card).toContainText(profile.verification.states.verifying);
		await expect(card.getByText(profile.verification.messages.verifying)).toBeVisible();
		await expect(card.getByRole('button', { name: profile.verification.retry })).toBeDisabled();
		await expect(card).toContainText(profile.verification.states.verified);
		await expect(card.getByText(profile.verification.messages.verified)).toBeVisible();

		await pick(profile.verification.retry, 'ktp-kecil.png', 300, 200);
		await expect(card).toContainText(profile.verification.states.verifying);
		await expect(card).toContainText(profile.verification.states.failed);
		await expect(card.getByText(profile.verification.messages.failed)).toBeVisible();
		await expect(card.getByText(profile.verification.messages.tooSmall)).toBeVisible();
		await expect(card.getByText(profile.verification.messages.verified)).toHaveCount(0);
	});

	test('a photo picked before the identity preview hydrates is checked once it does', async ({
		page,
	}) => {
		const { profile } = accountTexts.en;
		await signedIn(page, { locale: 'en' });
		// The island's code arrives only once the photo is in the input.
		let release!: () => void;
		const released = new Promise<void>((resolve) => (release = resolve));
		await page.route('**/_astro/IdentityVerificationCard.*.js', async (route) => {
			await released;
			await route.continue();
		});
		await page.goto('/en/edit-profile', { waitUntil: 'domcontentloaded' });
		const card = page.getByRole('region', { name: profile.verification.title });
		await card
			.locator('input[type="file"]')
			.setInputFiles({ name: 'ktp.png', mimeType: 'image/png', buffer: await png(800, 600) });
		await expect(page.locator('astro-island[ssr]').filter({ has: card })).toHaveCount(1);
		release();

		await islandReady(card);
		await expect(card).toContainText(profile.verification.states.verified);
		await expect(card.getByText(profile.verification.messages.verified)).toBeVisible();
	});
});

test.describe('account menu', () => {
	test('closes on Escape and gives focus back to its button', async ({ page }) => {
		const { nav } = accountTexts.id;
		const account = await signedIn(page);
		await page.goto('/profile');
		const button = userMenuButton(page, 'id');
		const profileLink = userMenu(page, 'id').getByRole('link', {
			name: nav.account.profile,
			exact: true,
		});
		// At 1280 px the button shows the name, and its accessible name starts with it.
		await expect(button).toHaveAccessibleName(`${account.profile.name} ${nav.account.menuLabel}`);

		// Server-rendered on /profile, and filled in by the browser on the prerendered home page.
		for (const path of ['/profile', '/']) {
			await page.goto(path);
			await button.focus();
			await page.keyboard.press('Enter');
			await page.keyboard.press('Tab');
			await expect(profileLink).toBeFocused();
			await page.keyboard.press('Escape');
			await expect(profileLink).toBeHidden();
			await expect(button).toBeFocused();
		}
	});
});
