/// <reference types="astro/client" />

declare namespace App {
	interface Locals {
		/** The signed-in user on server-rendered pages; `null` when signed out. */
		user: import('./server/auth/users').UserRow | null;
		/** Whether the signed-in user may open the moderation desk (the navigation links to it). */
		isModerator: boolean;
		/** The translator of a locale, for the page frame (which imports nothing of the server). */
		useTranslations: (locale: import('./lib/i18n/locales').Locale) => import('i18next').TFunction;
		/** The origin of absolute links: the public one, or the build's on prerendered pages. */
		origin: string;
		/**
		 * A signed-out page's data version, when the server in front has just read it
		 * (`answerCachedPage`): the render is of that version and does not read it again.
		 */
		pageVersion?: string;
	}
}

/** Set at build time (astro.config.mjs): one value per build, the same on every process. */
declare const __BUILD_ID__: string;
