import { useStore } from '@nanostores/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { $profileCheck } from './profile-check';
import { profileCheckQuery } from './profiles.queries';
import type { ProfileCheck } from './profiles';

/**
 * The signed-in visitor's profile check as the page knows it now: loaded and kept fresh by
 * `profileCheckQuery` (nothing is asked for a signed-out visitor), shared through `$profileCheck`.
 */
export function useProfileCheck(signedIn: boolean): ProfileCheck | undefined {
	const { data } = useQuery({ ...profileCheckQuery(), enabled: signedIn });
	useEffect(() => {
		if (data) $profileCheck.set(data);
	}, [data]);
	return useStore($profileCheck);
}
