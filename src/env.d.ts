/// <reference types="astro/client" />

declare namespace App {
	interface Locals {
		/** The signed-in user on server-rendered pages; `null` when signed out. */
		user: import('./server/auth/users').UserRow | null;
	}
}
