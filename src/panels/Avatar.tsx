import { useState } from 'react';

export interface AvatarProps {
  src: string;
  /** Whose avatar; its first letter stands in when the image cannot load. */
  name: string;
  size: number;
  className?: string;
}

/** An avatar image that turns into an initial instead of a broken-image icon when it fails to load. */
export function Avatar({ src, name, size, className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | undefined>(undefined);
  if (failedSrc === src) {
    return (
      <span
        className={className}
        aria-hidden="true"
        data-avatar-fallback=""
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          width: size,
          height: size,
          fontSize: Math.round(size * 0.6),
          lineHeight: 1,
          color: 'var(--galaxy-muted)',
        }}
      >
        {(name.trim()[0] ?? '?').toUpperCase()}
      </span>
    );
  }
  return (
    <img className={className} src={src} alt="" width={size} height={size} loading="lazy" onError={() => setFailedSrc(src)} />
  );
}
