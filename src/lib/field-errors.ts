/**
 * A refused form's errors as its fields show them: the first message key per field, one under
 * each input. The browser's forms and the API's answers read a schema's issues the same way.
 */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
	const errors: Record<string, string> = {};
	for (const issue of issues) {
		const field = String(issue.path[0] ?? '');
		if (field && !errors[field]) errors[field] = issue.message;
	}
	return errors;
}
