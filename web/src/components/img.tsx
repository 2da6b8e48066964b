import { useEffect, useRef, useState, type ImgHTMLAttributes, type ReactNode } from 'react';

/** An image that gives way to a fallback (or nothing) when the file is missing. */
export function Img({ fallback = null, ...props }: ImgHTMLAttributes<HTMLImageElement> & { fallback?: ReactNode }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  // An image in server-rendered HTML can fail before the page hydrates, when no onError listens yet.
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && img.currentSrc) setFailed(true);
  }, [props.src]);
  if (failed) return <>{fallback}</>;
  return <img ref={ref} {...props} onError={() => setFailed(true)} />;
}
