import { scriptHash } from '~/lib/content-security';

/**
 * Runs in the head before first paint: a visitor who chose the other language is moved to it.
 * Kept as text so the page's Content-Security-Policy can allow exactly it by its hash; one
 * statement a line, joined without spaces, as every page carries it. With storage disabled (the
 * catch), the page stays as linked.
 */
export const languageRedirectScript = [
	'(()=>{try{',
	"const chosen=localStorage.getItem('language');",
	'const current=document.documentElement.lang;',
	"if((chosen!=='id'&&chosen!=='en')||chosen===current)return;",
	"const path=location.pathname.replace(/^\\/en(?=\\/|$)/,'')||'/';",
	"const target=chosen==='en'?(path==='/'?'/en':'/en'+path):path;",
	'location.replace(target+location.search+location.hash);',
	'}catch{}})();',
].join('');

/** Its hash, for the page's policy. */
export const languageRedirectHash = await scriptHash(languageRedirectScript);
