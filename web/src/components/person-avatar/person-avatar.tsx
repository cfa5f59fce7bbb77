import { Avatar } from 'antd';
import { useState } from 'react';

/**
 * A person's picture (an employee's uploaded profile image, a contact's picture from their channel) with their
 * initial while there is none or when the link no longer loads (presigned links expire).
 */
export function PersonAvatar({
  name,
  src,
  size = 'default',
  testId,
}: {
  name: string;
  src: string | undefined;
  size?: 'small' | 'default' | 'large' | number;
  testId?: string;
}) {
  const [failed, setFailed] = useState<string>();
  const usable = src && src !== failed ? src : undefined;
  return (
    <Avatar
      size={size}
      src={usable}
      alt={name}
      onError={() => {
        setFailed(src);
        return false;
      }}
      data-testid={testId}
      data-has-image={usable ? 'true' : 'false'}
    >
      {name.trim().slice(0, 1).toUpperCase() || '?'}
    </Avatar>
  );
}
