import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/**
 * The project folder (where package.json is). Found by walking up from this module, so it
 * holds in the source tree, in the built server and in tests alike.
 */
export function projectRoot(): string {
	if (root) return root;
	let dir = dirname(fileURLToPath(import.meta.url));
	while (!existsSync(join(dir, 'package.json')) || !existsSync(join(dir, 'drizzle'))) {
		const parent = dirname(dir);
		if (parent === dir) {
			dir = process.cwd();
			break;
		}
		dir = parent;
	}
	root = dir;
	return root;
}

/** A path inside the project folder. */
export function projectPath(...segments: string[]): string {
	return join(projectRoot(), ...segments);
}
