import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { displayName, initials } from '@/lib/format';
import { cn } from '@/lib/utils';

interface UserAvatarProps {
  user: { firstName?: string | null; lastName?: string | null; email?: string | null; profileImageUrl?: string | null };
  className?: string;
}

/** Profile picture, else initials (first + last name, else email, else U). */
export function UserAvatar({ user, className }: UserAvatarProps) {
  return (
    <Avatar className={cn(className)}>
      {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt={displayName(user)} />}
      <AvatarFallback>{initials(user)}</AvatarFallback>
    </Avatar>
  );
}
