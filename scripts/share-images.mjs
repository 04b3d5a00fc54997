// `node scripts/share-images.mjs`: draws the site's link-preview images, one per language, to
// `public/share/<locale>.jpg` (1200×630 JPEG: every scraper shows it). Run it again after the
// brand or `common.siteTagline` changes and commit the images. They are made here rather than at
// build time because the text needs a font, and a build machine may have none.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const size = { width: 1200, height: 630 };
const brand = {
	green: '#1f6f57',
	deepGreen: '#17543f',
	paper: '#fdfaf4',
	amber: '#f4b63f',
	rust: '#b1451f',
};

/** `text` in lines of at most `max` characters, broken at spaces. */
function lines(text, max) {
	const result = [''];
	for (const word of text.split(' ')) {
		const last = result.at(-1);
		if (last && `${last} ${word}`.length > max) result.push(word);
		else result[result.length - 1] = last ? `${last} ${word}` : word;
	}
	return result;
}

const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The favicon's gift, drawn at `scale` times its 32-unit box from (`x`, `y`). */
function gift(x, y, scale) {
	return `<g transform="translate(${x} ${y}) scale(${scale})">
		<rect x="3" y="12" width="26" height="17" rx="3" fill="${brand.green}"/>
		<rect x="1.5" y="8" width="29" height="6" rx="2" fill="${brand.rust}"/>
		<rect x="14" y="8" width="4" height="21" fill="${brand.amber}"/>
		<path d="M16 8c-2-4-7-6-8.5-3.5S10 8 16 8Zm0 0c2-4 7-6 8.5-3.5S22 8 16 8Z" fill="${brand.amber}" stroke="${brand.amber}" stroke-width="1.5" stroke-linejoin="round"/>
	</g>`;
}

function svg(tagline) {
	const taglineLines = lines(tagline, 24);
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${size.width} ${size.height}">
	<rect width="100%" height="100%" fill="${brand.green}"/>
	<circle cx="1130" cy="-40" r="260" fill="${brand.deepGreen}"/>
	<circle cx="60" cy="640" r="180" fill="${brand.deepGreen}"/>
	<rect x="90" y="135" width="360" height="360" rx="72" fill="${brand.paper}"/>
	${gift(110, 150, 10)}
	<g font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" fill="${brand.paper}">
		<text x="520" y="270" font-size="120" font-weight="700" letter-spacing="-2">Hibahin</text>
		<rect x="524" y="305" width="120" height="10" rx="5" fill="${brand.amber}"/>
		${taglineLines
			.map(
				(line, index) =>
					`<text x="520" y="${390 + index * 60}" font-size="46">${escape(line)}</text>`,
			)
			.join('\n\t\t')}
	</g>
</svg>`;
}

for (const locale of ['id', 'en']) {
	const common = JSON.parse(readFileSync(path.join(root, `locales/${locale}/common.json`), 'utf8'));
	const file = path.join(root, `public/share/${locale}.jpg`);
	const info = await sharp(Buffer.from(svg(common.siteTagline)))
		.flatten({ background: brand.green })
		.jpeg({ quality: 86, mozjpeg: true, chromaSubsampling: '4:4:4' })
		.toFile(file);
	console.log(`${path.relative(root, file)}: ${info.width}×${info.height}, ${info.size} bytes`);
}
