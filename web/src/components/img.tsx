import { useState, type ImgHTMLAttributes, type ReactNode } from 'react';

/** An image that gives way to a fallback (or nothing) when the file is missing. */
export function Img({ fallback = null, ...props }: ImgHTMLAttributes<HTMLImageElement> & { fallback?: ReactNode }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <>{fallback}</>;
  return <img {...props} onError={() => setFailed(true)} />;
}
