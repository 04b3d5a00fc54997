import type { z } from 'zod/mini';
import type { sessionSchema } from '~/features/profiles/profiles.routes';
import { flashToast } from '~/lib/toast';

/** What `GET /api/session` says about a signed-in visitor. */
type SessionState = NonNullable<z.output<typeof sessionSchema>>;

const signedInHint = /(?:^|;\s*)hibahin_signed_in=1(?:;|$)/;

/** Whether the sign-in hint cookie says someone may be signed in; only the API can tell. */
export function mayBeSignedIn(): boolean {
	return signedInHint.test(document.cookie);
}

function fillMenu(fragment: DocumentFragment, state: SessionState): void {
	const { user, isComplete } = state;
	for (const el of fragment.querySelectorAll('[data-user-name]')) el.textContent = user.name;
	for (const el of fragment.querySelectorAll('[data-user-email]')) el.textContent = user.email;
	for (const el of fragment.querySelectorAll<HTMLElement>('[data-user-initial]')) {
		el.textContent = user.name.trim().charAt(0).toUpperCase() || '?';
		el.hidden = Boolean(user.avatarUrl);
	}
	for (const img of fragment.querySelectorAll<HTMLImageElement>('[data-user-avatar]')) {
		if (user.avatarUrl) img.src = user.avatarUrl;
		img.hidden = !user.avatarUrl;
	}
	const which = isComplete ? 'complete' : 'incomplete';
	for (const link of fragment.querySelectorAll<HTMLAnchorElement>('[data-profile-link]')) {
		link.href =
			link.dataset[`href${which === 'complete' ? 'Complete' : 'Incomplete'}`] ?? link.href;
		link.textContent =
			link.dataset[`label${which === 'complete' ? 'Complete' : 'Incomplete'}`] ?? '';
	}
}

/**
 * Prerendered pages are the same for everyone; once loaded, they ask who is signed in (only
 * when the sign-in hint cookie says someone may be) and swap in the user menu and banner.
 */
export async function showAccountState(): Promise<void> {
	const templates = document.querySelectorAll<HTMLTemplateElement>(
		'template[data-account-template]',
	);
	if (templates.length === 0 || !mayBeSignedIn()) return;
	const response = await fetch('/api/session', { headers: { Accept: 'application/json' } });
	if (!response.ok) return;
	const { data } = (await response.json()) as { data: SessionState | null };
	if (!data) return;
	for (const template of templates) {
		const fragment = template.content.cloneNode(true) as DocumentFragment;
		fillMenu(fragment, data);
		document
			.querySelector(`[data-account="${template.dataset['accountTemplate']}"]`)
			?.replaceChildren(fragment);
	}
	const banner = document.querySelector<HTMLElement>('[data-profile-banner]');
	if (banner && !data.isComplete) banner.hidden = false;
}

/** Leaves the "signed out" toast for the page the sign-out lands on. */
export function setUpSignOutToast(): void {
	document.addEventListener('submit', (event) => {
		const form = event.target;
		if (form instanceof HTMLFormElement && form.matches('[data-sign-out]')) {
			flashToast('success', form.dataset['message'] ?? '');
		}
	});
}
