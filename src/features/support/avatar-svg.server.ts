import { createHash } from 'node:crypto';

const cell = 10;
const grid = 5;
const margin = 10;
const size = grid * cell + margin * 2;

/**
 * A friendly, deterministic picture for a name: a mirrored 5 × 5 pattern in a colour picked from
 * the name's hash, like the identicons of code hosts. Made on our server so that showing a
 * supporter never tells a third-party avatar service who visits the page. Only numbers from the
 * hash reach the SVG, never the name itself, so no escaping is needed.
 */
export function avatarSvg(seed: string): string {
	const hash = createHash('sha256').update(seed.trim().toLowerCase()).digest();
	const hue = Math.round((hash.readUInt16BE(0) / 0xffff) * 360);
	const cells: string[] = [];
	// The left three columns come from the hash; the right two mirror them.
	for (let row = 0; row < grid; row++) {
		for (let column = 0; column < Math.ceil(grid / 2); column++) {
			const bit = row * 3 + column;
			const on = (hash[2 + Math.floor(bit / 8)]! >> (bit % 8)) & 1;
			if (!on) continue;
			for (const x of new Set([column, grid - 1 - column])) {
				cells.push(
					`<rect x="${margin + x * cell}" y="${margin + row * cell}" width="${cell}" height="${cell}"/>`,
				);
			}
		}
	}
	return [
		`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}">`,
		`<rect width="${size}" height="${size}" fill="hsl(${hue} 65% 92%)"/>`,
		`<g fill="hsl(${hue} 55% 38%)">${cells.join('')}</g>`,
		'</svg>',
	].join('');
}
