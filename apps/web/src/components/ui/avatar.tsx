import { useState } from 'react';
import { UserIcon } from './icons';

/** A user's round picture, or the default user icon when there is none or it fails to load. */
export function Avatar({ src, size = 32 }: { src?: string | null; size?: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    return (
      <img
        src={src}
        alt=""
        width={size}
        height={size}
        referrerPolicy="no-referrer"
        onError={() => setFailed(src)}
        className="rounded-full object-cover"
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      className="flex items-center justify-center rounded-full bg-brand text-white"
      style={{ width: size, height: size }}
    >
      <UserIcon size={Math.round(size * 0.6)} />
    </span>
  );
}
