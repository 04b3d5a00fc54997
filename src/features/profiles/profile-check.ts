/**
 * The signed-in visitor's profile check, shared by everything on the page that depends on it.
 * Each island root has a query cache of its own, so this store is where they meet: the profile
 * check query writes it (`useProfileCheck`), and so does a saved profile form.
 */
import { atom } from 'nanostores';
import type { ProfileCheck } from './profiles';

/**
 * The last profile check this page learned; `undefined` until then, and for signed-out visitors.
 * Written in the browser only (effects and events): on the server, where one process renders
 * every visitor's islands, it stays `undefined`.
 */
export const $profileCheck = atom<ProfileCheck | undefined>(undefined);

/** Puts a saved profile in the store, so nothing on the page needs to ask the server again. */
export function setProfileCheck(check: ProfileCheck): void {
	$profileCheck.set(check);
}
