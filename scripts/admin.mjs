// `npm run admin -- <command>`: manages the supporters shown on /support-us and the moderators,
// prints the moderation audit log, in the database the site uses (DATABASE_URL, else the
// embedded one in DATA_DIR), and backs up the embedded mode (scripts/admin-backup.mjs). Plain
// JavaScript on the packages the site already depends on, so it runs wherever `npm start` runs,
// with no TypeScript loader; the one TypeScript module it borrows, the site's migrator, has only
// types for Node to strip.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const limits = { name: 100, message: 500, unit: 50, amount: 1_000_000_000, quantity: 100_000 };

const usage = `Usage: npm run admin -- <command> [options]

Supporters (the top supporters on /support-us when TRAKTEER_API_KEY is not set):
  supporters add --name <name> --amount <rupiah> [--message <text>] [--quantity <n>] [--unit <name>]
  supporters list
  supporters remove <id>

Early supporters (the grid at the bottom of /support-us):
  early-supporters add --name <name> [--message <text>]
  early-supporters list
  early-supporters remove <id>

Backups of the embedded mode (DATA_DIR: database and photos in one file):
  backup <file>     while the site runs (it writes the backup) or not
  restore <file>    into an empty DATA_DIR, with the site stopped

Moderators (the /moderation desk; MODERATOR_EMAILS adds more without the database):
  grant-moderator <email>     the account must have signed in once
  revoke-moderator <email>
  audit-log [--limit <n>]     the latest moderation actions, newest first (default 50)

Deleted accounts (to delete them at an external provider such as Kinde as well):
  deletions                   accounts waiting out their 7-day grace period, with their provider id

Examples:
  npm run admin -- grant-moderator siti@example.com
  npm run admin -- supporters add --name "Budi Santoso" --amount 25000 --quantity 5 --unit Kopi
  npm run admin -- early-supporters add --name "Siti Rahma" --message "Semoga bermanfaat!"

Database: DATABASE_URL when set, else the embedded database in DATA_DIR (default ./data).
The embedded database can be opened by one process only: stop the site (npm start, npm run dev)
before running this tool on it, or it refuses. --force skips that check after a crash left
DATA_DIR/db/postmaster.pid behind; never use it while the site is running.`;

/** A mistake in the command line: printed with the usage text, exit code 2. */
class UsageError extends Error {}

function text(value, field, max, { required = false } = {}) {
	const trimmed = (value ?? '').trim();
	if (required && !trimmed) throw new UsageError(`--${field} is required.`);
	if (trimmed.length > max) throw new UsageError(`--${field} is longer than ${max} characters.`);
	return trimmed || null;
}

/** A whole positive number; `25000` and `25.000` (Indonesian thousands) both read as 25000. */
function wholeNumber(value, field, max, { required = false, fallback } = {}) {
	if (value === undefined) {
		if (required) throw new UsageError(`--${field} is required.`);
		return fallback;
	}
	const digits = /^\d{1,3}(\.\d{3})+$/.test(value) ? value.replaceAll('.', '') : value;
	const number = Number(digits);
	if (!/^\d+$/.test(digits) || number < 1 || number > max) {
		throw new UsageError(`--${field} must be a whole number from 1 to ${max}, not "${value}".`);
	}
	return number;
}

function idArgument(positionals) {
	const id = positionals[2];
	if (!id || !/^\d+$/.test(id)) throw new UsageError('remove needs the numeric id shown by list.');
	if (positionals.length > 3) throw new UsageError(`Unexpected argument "${positionals[3]}".`);
	return Number(id);
}

const rupiah = new Intl.NumberFormat('id-ID', {
	style: 'currency',
	currency: 'IDR',
	maximumFractionDigits: 0,
});

/** Opens and migrates the site's database; `query(text, params)` answers rows. */
async function openDatabase(env, { force }) {
	const migrationsFolder = path.join(root, 'drizzle');
	// The site's own migrator, so both apply the same migrations.
	const { applyMigrations } = await import('../src/server/db/migrate.ts');
	if (env.DATABASE_URL) {
		const { default: postgres } = await import('postgres');
		const { drizzle } = await import('drizzle-orm/postgres-js');
		const client = postgres(env.DATABASE_URL, { max: 1, onnotice: () => {} });
		await applyMigrations(drizzle(client), migrationsFolder);
		return {
			query: (sql, params = []) => client.unsafe(sql, params),
			close: () => client.end(),
		};
	}
	const dataDir = path.join(path.resolve(env.DATA_DIR ?? path.join(root, 'data')), 'db');
	// PGlite keeps this file while a process has the database open; a second one would corrupt it.
	if (!force && existsSync(path.join(dataDir, 'postmaster.pid'))) {
		throw new Error(
			`The embedded database in ${dataDir} is open in another process (the site?). ` +
				'Stop it first, or pass --force if it crashed.',
		);
	}
	mkdirSync(dataDir, { recursive: true });
	const { PGlite } = await import('@electric-sql/pglite');
	const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
	const { drizzle } = await import('drizzle-orm/pglite');
	const client = new PGlite({ dataDir, extensions: { pg_trgm } });
	await applyMigrations(drizzle(client), migrationsFolder);
	return {
		query: async (sql, params = []) => (await client.query(sql, params)).rows,
		close: () => client.close(),
	};
}

/** Each action reads its arguments first (so a typo never opens the database), then runs. */
const commands = {
	supporters: {
		add: {
			parse: ({ values }) => ({
				name: text(values.name, 'name', limits.name, { required: true }),
				amount: wholeNumber(values.amount, 'amount', limits.amount, { required: true }),
				quantity: wholeNumber(values.quantity, 'quantity', limits.quantity, { fallback: 1 }),
				message: text(values.message, 'message', limits.message),
				unit: text(values.unit, 'unit', limits.unit),
			}),
			async run(db, { name, amount, quantity, message, unit }) {
				const [row] = await db.query(
					`insert into supporters (name, amount, message, quantity, unit_name)
					values ($1, $2, $3, $4, $5) returning id`,
					[name, amount, message, quantity, unit],
				);
				return `Added supporter ${row.id}: ${name}, ${rupiah.format(amount)}.`;
			},
		},
		list: {
			async run(db) {
				const rows = await db.query(
					`select id, name, amount, quantity, unit_name, message from supporters
					order by amount desc, created_at asc, id asc`,
				);
				if (rows.length === 0) return 'No supporters yet.';
				return rows
					.map((row) =>
						columns(
							row.id,
							row.name,
							rupiah.format(Number(row.amount)),
							`${row.quantity}${row.unit_name ? ` ${row.unit_name}` : ''}`,
							row.message,
						),
					)
					.join('\n');
			},
		},
		remove: {
			parse: ({ positionals }) => idArgument(positionals),
			async run(db, id) {
				const rows = await db.query('delete from supporters where id = $1 returning name', [id]);
				if (rows.length === 0) throw new Error(`No supporter with id ${id}.`);
				return `Removed supporter ${id}: ${rows[0].name}.`;
			},
		},
	},
	'early-supporters': {
		add: {
			parse: ({ values }) => ({
				name: text(values.name, 'name', limits.name, { required: true }),
				message: text(values.message, 'message', limits.message),
			}),
			async run(db, { name, message }) {
				const [row] = await db.query(
					'insert into early_supporters (name, message) values ($1, $2) returning id',
					[name, message],
				);
				return `Added early supporter ${row.id}: ${name}.`;
			},
		},
		list: {
			async run(db) {
				const rows = await db.query(
					'select id, name, message from early_supporters order by created_at asc, id asc',
				);
				if (rows.length === 0) return 'No early supporters yet.';
				return rows.map((row) => columns(row.id, row.name, row.message)).join('\n');
			},
		},
		remove: {
			parse: ({ positionals }) => idArgument(positionals),
			async run(db, id) {
				const rows = await db.query('delete from early_supporters where id = $1 returning name', [
					id,
				]);
				if (rows.length === 0) throw new Error(`No early supporter with id ${id}.`);
				return `Removed early supporter ${id}: ${rows[0].name}.`;
			},
		},
	},
};

/** An email argument, as the account signed in with it. */
function emailArgument(positionals) {
	const email = positionals[1]?.trim();
	if (!email || !email.includes('@')) throw new UsageError('Give the email of the account.');
	if (positionals.length > 2) throw new UsageError(`Unexpected argument "${positionals[2]}".`);
	return email;
}

/**
 * Sets the role of the account with `email`. The change goes into the audit log like the desk's
 * actions, by `admin-cli`, so the log tells who could moderate when.
 */
async function setRole(db, email, role) {
	const rows = await db.query(
		`update users set role = $2, updated_at = now() where lower(email) = lower($1)
		returning id, name`,
		[email, role],
	);
	if (rows.length === 0) {
		throw new Error(`No account with the email ${email}; it must sign in once first.`);
	}
	for (const row of rows) {
		await db.query(
			`insert into moderation_actions (moderator_id, action, target_key) values ('admin-cli', $1, $2)`,
			[role === 'moderator' ? 'grantModerator' : 'revokeModerator', `user:${row.id}`],
		);
	}
	const who = rows.map((row) => row.name ?? row.id).join(', ');
	return role === 'moderator'
		? `${email} (${who}) is now a moderator.`
		: `${email} (${who}) is no longer a moderator.`;
}

/** Commands of one word, with their argument after it. */
const singleCommands = {
	'grant-moderator': {
		parse: ({ positionals }) => emailArgument(positionals),
		run: (db, email) => setRole(db, email, 'moderator'),
	},
	'revoke-moderator': {
		parse: ({ positionals }) => emailArgument(positionals),
		run: (db, email) => setRole(db, email, 'member'),
	},
	deletions: {
		parse: ({ positionals }) => {
			if (positionals.length > 1) throw new UsageError(`Unexpected argument "${positionals[1]}".`);
		},
		async run(db) {
			const rows = await db.query(
				`select email, issuer, subject, deletion_requested_at from users
				where deletion_requested_at is not null and subject not like 'deleted:%'
				order by deletion_requested_at`,
			);
			if (rows.length === 0) return 'No accounts are waiting to be deleted.';
			const week = 7 * 24 * 60 * 60_000;
			return rows
				.map((row) =>
					[
						new Date(new Date(row.deletion_requested_at).getTime() + week).toISOString(),
						row.email ?? '-',
						row.issuer,
						row.subject,
					].join('  '),
				)
				.join('\n');
		},
	},
	'audit-log': {
		parse: ({ values, positionals }) => {
			if (positionals.length > 1) throw new UsageError(`Unexpected argument "${positionals[1]}".`);
			return wholeNumber(values.limit, 'limit', 10_000, { fallback: 50 });
		},
		async run(db, limit) {
			const rows = await db.query(
				`select m.id, m.created_at, m.moderator_id, u.email, m.action, m.target_key, m.reason,
					m.note, m.until
				from moderation_actions m left join users u on u.id = m.moderator_id
				order by m.id desc limit $1`,
				[limit],
			);
			if (rows.length === 0) return 'No moderation actions yet.';
			return rows
				.map((row) =>
					columns(
						row.id,
						new Date(row.created_at).toISOString(),
						row.email ?? row.moderator_id,
						row.action,
						row.target_key,
						row.reason,
						row.until ? `until ${new Date(row.until).toISOString()}` : null,
						row.note,
					),
				)
				.join('\n');
		},
	},
};

/** One line of a list: the id right-aligned, then the filled-in fields, a message quoted. */
function columns(id, ...fields) {
	const [last] = fields.slice(-1);
	const shown = [...fields.slice(0, -1), last ? `"${last}"` : null];
	return [String(id).padStart(4), ...shown.filter(Boolean)].join('  ');
}

/** Which options each action takes; anything else is a mistake worth reporting. */
const allowedOptions = {
	'supporters add': ['name', 'amount', 'message', 'quantity', 'unit'],
	'early-supporters add': ['name', 'message'],
	'audit-log': ['limit'],
};

async function main(argv, env) {
	const { values, positionals } = parseArgs({
		args: argv,
		allowPositionals: true,
		options: {
			name: { type: 'string' },
			amount: { type: 'string' },
			message: { type: 'string' },
			quantity: { type: 'string' },
			unit: { type: 'string' },
			limit: { type: 'string' },
			force: { type: 'boolean', default: false },
			help: { type: 'boolean', short: 'h', default: false },
		},
	});
	if (values.help || positionals.length === 0 || positionals[0] === 'help') return usage;
	const [group, action] = positionals;
	if (group === 'backup' || group === 'restore') {
		if (!action || positionals.length > 2) throw new UsageError(`${group} needs one file name.`);
		const dataDir = path.resolve(env.DATA_DIR ?? path.join(root, 'data'));
		const { backup, restore } = await import('./admin-backup.mjs');
		return group === 'backup' ? backup(env, dataDir, action) : restore(dataDir, action);
	}
	const single = Object.hasOwn(singleCommands, group) ? singleCommands[group] : undefined;
	const name = single ? group : `${group} ${action}`;
	const command =
		single ??
		(Object.hasOwn(commands, group) && Object.hasOwn(commands[group], action)
			? commands[group][action]
			: undefined);
	if (!command) throw new UsageError(`Unknown command "${positionals.slice(0, 2).join(' ')}".`);
	const allowed = allowedOptions[name] ?? [];
	const extra = Object.keys(values).find(
		(key) => !['force', 'help'].includes(key) && !allowed.includes(key),
	);
	if (extra) throw new UsageError(`"${name}" does not take --${extra}.`);
	if (!single && action !== 'remove' && positionals.length > 2) {
		throw new UsageError(`Unexpected argument "${positionals[2]}".`);
	}
	const input = command.parse?.({ values, positionals });
	const db = await openDatabase(env, { force: values.force });
	try {
		return await command.run(db, input);
	} finally {
		await db.close();
	}
}

try {
	console.log(await main(process.argv.slice(2), process.env));
} catch (error) {
	const usageProblem = error instanceof UsageError || error?.code?.startsWith?.('ERR_PARSE_ARGS');
	const cause = error?.cause instanceof Error ? ` (${error.cause.message})` : '';
	console.error(`Error: ${error instanceof Error ? error.message : error}${cause}`);
	if (usageProblem) console.error(`\n${usage}`);
	process.exitCode = usageProblem ? 2 : 1;
}
