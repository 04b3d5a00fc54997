/**
 * The signed-in visitor's profile check, loaded once per page and shared by every island on it
 * (banner, guards, forms). Follows docs/product-rules.md#polling-and-caching: only when signed in, fewer than 3 attempts
 * with a doubling delay, fresh for 5 minutes, refetched on window focus once stale.
 */
import { atom } from 'nanostores';
import { profileCheckPolicy, profileCheckRetryDelay } from '~/config/limits';
import { ApiError, apiFetch } from '~/lib/api-client';
import type { ProfileCheck } from './profiles';

export interface ProfileCheckState {
	status: 'idle' | 'loading' | 'success' | 'error';
	data?: ProfileCheck;
	error?: Error;
}

/** The profile check of the current page; `idle` until loaded (and forever when signed out). */
export const $profileCheck = atom<ProfileCheckState>({ status: 'idle' });

/** When the data in the store was last known to be right, in `Date.now()` milliseconds. */
let updatedAt = 0;
let inFlight: Promise<void> | undefined;
let watchingFocus = false;

function isFresh(): boolean {
	return (
		$profileCheck.get().status === 'success' && Date.now() - updatedAt < profileCheckPolicy.staleMs
	);
}

/** A 401 means the session is gone: asking again cannot succeed. */
function isSignedOut(error: Error | undefined): boolean {
	return error instanceof ApiError && error.status === 401;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function fetchWithRetry(): Promise<void> {
	const previous = $profileCheck.get().data;
	$profileCheck.set({ status: 'loading', ...(previous && { data: previous }) });
	for (let attempt = 1; ; attempt++) {
		try {
			const data = await apiFetch<ProfileCheck>('/profile/check');
			updatedAt = Date.now();
			$profileCheck.set({ status: 'success', data });
			return;
		} catch (cause) {
			const error = cause instanceof Error ? cause : new Error(String(cause));
			if (isSignedOut(error) || attempt >= profileCheckPolicy.maxAttempts) {
				$profileCheck.set({ status: 'error', error });
				return;
			}
			await wait(profileCheckRetryDelay(attempt - 1));
		}
	}
}

function refetchIfStale(): void {
	if (!inFlight && !isFresh() && !isSignedOut($profileCheck.get().error)) {
		void refresh();
	}
}

function refresh(): Promise<void> {
	inFlight ??= fetchWithRetry().finally(() => {
		inFlight = undefined;
	});
	return inFlight;
}

/**
 * Loads the profile check unless it is already loading or still fresh. Signed-out visitors
 * have no profile, so nothing is requested for them.
 */
export function loadProfileCheck({ signedIn }: { signedIn: boolean }): Promise<void> {
	if (!signedIn) return Promise.resolve();
	if (!watchingFocus && typeof window !== 'undefined') {
		watchingFocus = true;
		window.addEventListener('focus', refetchIfStale);
	}
	if (inFlight) return inFlight;
	if (isFresh()) return Promise.resolve();
	return refresh();
}

/** Puts the saved profile in the store, so islands need not ask the server again. */
export function setProfileCheck(data: ProfileCheck): void {
	updatedAt = Date.now();
	$profileCheck.set({ status: 'success', data });
}
