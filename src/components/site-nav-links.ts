/** The site's main links, in the top bar and its drawer: where each goes and its text's key. */
export const navLinks = [
	{ path: '/items', label: 'nav.items' },
	{ path: '/needs', label: 'nav.needs' },
	{ path: '/donate-item', label: 'nav.donate' },
	{ path: '/heroes/rankings', label: 'nav.heroes' },
	{ path: '/support-us', label: 'nav.support' },
] as const;

/** The main link the page at `path` (without its language) is, which the bar marks; else ''. */
export const currentNavLink = (path: string): string =>
	navLinks.find((link) => link.path === path)?.path ?? '';
