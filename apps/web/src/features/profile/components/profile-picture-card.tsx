import * as React from 'react';
import { ImageUp } from 'lucide-react';
import { PROFILE_MESSAGES as M, PROFILE_PICTURE_ACCEPT, pictureProblem, type TUser } from '@holdfast/contracts';
import { UserAvatar } from '@/components/layout/user-avatar';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorCode, errorMessage } from '@/lib/api';
import { cn } from '@/lib/utils';
import { useUploadProfilePicture } from '../api/upload-profile-picture';

const refusal = (m: { title: string; description: string }) =>
  toast({ variant: 'destructive', title: m.title, description: m.description });

/** Profile Picture: the current avatar and an upload checked here first (type, 5 MB), then by the server. */
export function ProfilePictureCard({ user }: { user: TUser }) {
  const upload = useUploadProfilePicture();
  const inputId = React.useId();
  const hintId = React.useId();

  const onChange = (e: React.ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const file = input.files?.[0];
    // Choosing the same file again must fire change again.
    input.value = '';
    if (!file) return;
    const problem = pictureProblem(file);
    if (problem) return refusal(problem);
    upload.mutate(file, {
      onSuccess: () => toast({ title: M.pictureUpdated, description: 'Your new profile picture is saved.' }),
      onError: (err) => {
        const code = errorCode(err);
        if (code === 'FILE_TOO_LARGE') return refusal(M.fileTooLarge);
        if (code === 'INVALID_FILE_TYPE') return refusal(M.invalidFileType);
        toastError(errorMessage(err, M.uploadFailed));
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile Picture</CardTitle>
        <CardDescription>Shown in the menu, on your reviews and on your public profile.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <UserAvatar user={user} className="size-20 text-xl [&_[data-slot=avatar-fallback]]:text-xl" />
        <div className="space-y-2">
          {/* The real file input stays in the tab order; its label is what people see and click. */}
          <input
            id={inputId}
            type="file"
            accept={PROFILE_PICTURE_ACCEPT}
            className="peer sr-only"
            aria-describedby={hintId}
            disabled={upload.isPending}
            onChange={onChange}
          />
          <label
            htmlFor={inputId}
            className={cn(
              buttonVariants({ variant: 'outline' }),
              'cursor-pointer peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/40 peer-disabled:pointer-events-none peer-disabled:opacity-50',
            )}
          >
            {upload.isPending ? <Spinner /> : <ImageUp aria-hidden="true" />}
            {upload.isPending ? 'Uploading...' : 'Upload Picture'}
          </label>
          <p id={hintId} className="text-sm text-muted-foreground">
            JPG, PNG, GIF or WebP, up to 5MB.
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
