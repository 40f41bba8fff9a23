import { Avatar, UnstyledButton } from '@mantine/core';
import type { Profile } from '@referrals/domain/profile/profile-schemas';
import { IconUser } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { profileInitials } from '@/lib/profile-display';

type AvatarButtonProps = Omit<ComponentPropsWithRef<'button'>, 'color' | 'style'> & {
  profile: Profile | undefined;
  avatarUrl: string | null;
};

/** The account menu's button: the photo, or the initials until there is one. */
export function AvatarButton({ profile, avatarUrl, ...button }: AvatarButtonProps) {
  return (
    <UnstyledButton {...button} aria-label="Account menu" style={{ borderRadius: '50%' }}>
      <Avatar src={avatarUrl} alt="Your profile photo" radius="xl" size={34} color="brand" variant="light">
        {profile === undefined ? <IconUser size={20} stroke={1.7} /> : profileInitials(profile)}
      </Avatar>
    </UnstyledButton>
  );
}
