import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '~/server/db/schema';
import type { TestServer, TestUser } from './test-server';

/** `POST /reports` as `user`. */
export function report(test: TestServer, user: TestUser | null, body: Record<string, unknown>) {
	return test.request('/reports', {
		method: 'POST',
		user,
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify(body),
	});
}

/** A signed-in user with a complete profile and the moderator role. */
export async function createModerator(test: TestServer): Promise<TestUser> {
	const moderator = await test.createUser({ complete: true, name: 'Maya Moderator' });
	await test.server.db.update(users).set({ role: 'moderator' }).where(eq(users.id, moderator.id));
	return moderator;
}

/** `POST /moderation/actions` as `user`. */
export function moderate(test: TestServer, user: TestUser | null, body: Record<string, unknown>) {
	return test.request('/moderation/actions', {
		method: 'POST',
		user,
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify(body),
	});
}

/** A moderation action that succeeds. */
export async function moderated(test: TestServer, user: TestUser, body: Record<string, unknown>) {
	const response = await moderate(test, user, body);
	expect(response.status, await response.clone().text()).toBe(201);
}
