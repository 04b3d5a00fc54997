// `node scripts/app-icons.mjs`: draws the installed app's icons from the favicon to
// `public/icons/` (PNG: what every launcher and the web app manifest's installability check
// read). Run it again after the favicon changes and commit the images.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const favicon = readFileSync(path.join(root, 'public/favicon.svg'), 'utf8');
const out = path.join(root, 'public/icons');
// The theme's `--color-base-100`, as in the manifest's `background_color`.
const paper = '#fdfbf6';

/** The favicon's drawing (its 32-unit box) placed at `scale` of a `size` square, centred. */
function icon(size, { scale, background = null, white = false }) {
	const inner = favicon
		.replace(/^<svg[^>]*>/, '')
		.replace(/<\/svg>\s*$/, '')
		.replace(/(fill|stroke)="#[0-9a-f]{6}"/gi, (match, attribute) =>
			white ? `${attribute}="#ffffff"` : match,
		);
	const drawn = size * scale;
	const offset = (size - drawn) / 2;
	return Buffer.from(
		`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
			(background ? `<rect width="${size}" height="${size}" fill="${background}"/>` : '') +
			`<g transform="translate(${offset} ${offset}) scale(${drawn / 32})">${inner}</g></svg>`,
	);
}

const icons = {
	// Launchers draw "any" icons as they are: the gift nearly fills its square.
	'icon-192.png': icon(192, { scale: 0.9 }),
	'icon-512.png': icon(512, { scale: 0.9 }),
	// Maskable icons are cut to a circle or squircle: the gift stays inside the central 80%.
	'maskable-512.png': icon(512, { scale: 0.6, background: paper }),
	// iOS fills transparency with black, so the Home Screen icon has the page's paper behind it.
	'apple-touch-icon.png': icon(180, { scale: 0.75, background: paper }),
	// Android draws the notification badge from the alpha channel alone.
	'badge-96.png': icon(96, { scale: 0.9, white: true }),
};

mkdirSync(out, { recursive: true });
for (const [name, svg] of Object.entries(icons)) {
	await sharp(svg).png({ compressionLevel: 9 }).toFile(path.join(out, name));
	console.log(`public/icons/${name}`);
}
