import { expect, test } from '@playwright/test';
import { fetchPage } from './support/html';
import { pageTitle, translations } from './support/i18n';

// No text in the database can hold the NUL character (U+0000, `%00` in a URL): a page whose
// path or query carries one names nothing there is, and says so before the database is asked.
for (const path of [
	'/profile/%00',
	'/items/1%00',
	'/items?search=kursi%00',
	'/items?category=%00',
	'/auth/interaction/%00',
	'/my-items/1%00/edit',
]) {
	test(`${path} answers the not-found page`, async ({ request }) => {
		const { response, title, headings } = await fetchPage(request, path);
		expect([response.status(), response.statusText()]).toEqual([404, 'Not Found']);
		expect(title).toBe(pageTitle(translations.id.notFound.title));
		expect(headings).toEqual([translations.id.notFound.heading]);
	});
}
