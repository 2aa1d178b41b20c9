import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PROFILE_PICTURE_FIELD, type TUploadProfilePictureResponse } from '@holdfast/contracts';
import { throwIfResNotOk } from '@/lib/api';
import { AUTH_USER_QUERY_KEY } from '@/lib/auth';
import { PUBLIC_PROFILE_QUERY_ROOT } from './get-public-profile';

/**
 * POST /api/user/upload-profile-picture with the file in the multipart field `profilePicture`. The
 * browser sets the multipart content type (with its boundary) itself; cookies travel as on every call.
 */
export async function uploadProfilePicture(file: File): Promise<TUploadProfilePictureResponse> {
  const body = new FormData();
  body.append(PROFILE_PICTURE_FIELD, file);
  const res = await fetch('/api/user/upload-profile-picture', { method: 'POST', body, credentials: 'include' });
  await throwIfResNotOk(res);
  return (await res.json()) as TUploadProfilePictureResponse;
}

export function useUploadProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfilePicture,
    // The signed-in user carries profileImageUrl: the avatar in the menu and on this page follows.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: PUBLIC_PROFILE_QUERY_ROOT });
    },
  });
}
