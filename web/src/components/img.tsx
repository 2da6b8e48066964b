import { useEffect, useRef, useState, type ImgHTMLAttributes, type ReactNode } from 'react';

/** An image that gives way to a fallback (or nothing) when the file is missing or there is no URL. */
export function Img({ fallback = null, src, ...props }: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & { src: string | null | undefined; fallback?: ReactNode }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  // An image in server-rendered HTML can fail before the page hydrates, when no onError listens yet.
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && img.currentSrc) setFailed(true);
  }, [src]);
  if (failed || !src) return <>{fallback}</>;
  return <img ref={ref} src={src} {...props} onError={() => setFailed(true)} />;
}
