// Another version of the site, built to be measured beside this checkout's: a git worktree of a
// ref in a temporary folder, using this checkout's packages when they build it and its own
// otherwise.
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, realpath, rm, symlink, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildApp } from './server.mjs';

const execFileAsync = promisify(execFile);

/**
 * Runs git in `cwd` and returns what it printed.
 * @param {string} cwd
 * @param {string[]} args
 */
async function git(cwd, args) {
	const { stdout } = await execFileAsync('git', args, { cwd });
	return stdout.trim();
}

/**
 * Installs the worktree's own packages, as its package-lock.json says.
 * @param {string} dir
 */
async function installPackages(dir) {
	const child = spawn('npm', ['install', '--no-audit', '--no-fund'], {
		cwd: dir,
		stdio: 'inherit',
	});
	const [code, signal] = await once(child, 'exit');
	if (code !== 0) throw new Error(`npm install failed (${signal ?? `exit code ${code}`})`);
}

/**
 * Whether `commit` patches its packages as this checkout does (`patches/`, applied by
 * patch-package on install): a version patched otherwise must not run on this checkout's
 * packages, where it would be measured with patches it does not have.
 * @param {string} root
 * @param {string} commit
 */
async function samePatches(root, commit) {
	return git(root, ['diff', '--quiet', commit, '--', 'patches']).then(
		() => true,
		() => false,
	);
}

/**
 * Checks `ref` out in a temporary git worktree and builds it for `siteUrl`. Its node_modules is
 * first a link to this checkout's (quick, and enough while the packages and their patches did not
 * change); when its patches differ, or that build fails, the worktree gets its own packages. `remove` deletes the
 * worktree; call it in a `finally`. `track` gets it as soon as there is something to remove, so
 * an interrupt during the build still removes the worktree.
 * @param {{ root: string, ref: string, siteUrl: string, log: (line?: string) => void,
 *   track?: (remove: () => Promise<void>) => void }} options
 * @returns {Promise<{ dir: string, commit: string, remove: () => Promise<void> }>}
 */
export async function buildOtherVersion({ root, ref, siteUrl, log, track = () => {} }) {
	const commit = await git(root, [
		'rev-parse',
		'--verify',
		'--end-of-options',
		`${ref}^{commit}`,
	]).catch(() => {
		throw new Error(`${ref} names no commit of this repository`);
	});
	const parent = await mkdtemp(path.join(tmpdir(), 'hibahin-against-'));
	const dir = path.join(parent, 'site');
	let removed = false;
	const remove = async () => {
		if (removed) return;
		removed = true;
		await git(root, ['worktree', 'remove', '--force', dir]).catch(() => undefined);
		await rm(parent, { recursive: true, force: true });
		await git(root, ['worktree', 'prune']).catch(() => undefined);
	};
	track(remove);
	try {
		await git(root, ['worktree', 'add', '--detach', dir, commit]);
		if (!(await samePatches(root, commit))) {
			log(`${ref} patches its packages otherwise than this checkout: installing its own.`);
			await installPackages(dir);
			await buildApp({ root: dir, siteUrl });
			return { dir, commit, remove };
		}
		const modules = path.join(dir, 'node_modules');
		await symlink(await realpath(path.join(root, 'node_modules')), modules, 'dir');
		try {
			await buildApp({ root: dir, siteUrl });
		} catch (error) {
			log(
				`Building ${ref} with this checkout's packages failed ` +
					`(${error instanceof Error ? error.message : error}); installing its own.`,
			);
			await unlink(modules);
			await installPackages(dir);
			await buildApp({ root: dir, siteUrl });
		}
		return { dir, commit, remove };
	} catch (error) {
		await remove();
		throw error;
	}
}
