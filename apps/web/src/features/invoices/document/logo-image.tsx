import { useEffect, useRef, useState } from 'react';

const MAX_HEIGHT_PX = 64;
const MAX_WIDTH_PX = 200;

/**
 * The issuer's logo, decoded from its bytes and drawn on a canvas: the pages' CSP allows images from
 * the site only (img-src 'self'), so neither a blob: nor a data: URL may be shown in an <img>, while
 * createImageBitmap reads the bytes without any request. Named for screen readers like an image.
 */
export function LogoImage({ blob, label }: { blob: Blob; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    createImageBitmap(blob)
      .then((bitmap) => {
        const target = canvas.current;
        if (cancelled || !target) return bitmap.close();
        const scale = Math.min(1, MAX_HEIGHT_PX / bitmap.height, MAX_WIDTH_PX / bitmap.width);
        // Drawn at the device's resolution, shown at the scaled size.
        const ratio = window.devicePixelRatio || 1;
        target.width = Math.round(bitmap.width * scale * ratio);
        target.height = Math.round(bitmap.height * scale * ratio);
        target.style.width = `${Math.round(bitmap.width * scale)}px`;
        target.style.height = `${Math.round(bitmap.height * scale)}px`;
        target.getContext('2d')?.drawImage(bitmap, 0, 0, target.width, target.height);
        bitmap.close();
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [blob]);
  if (failed) return null;
  return <canvas ref={canvas} role="img" aria-label={label} className="max-w-[200px]" />;
}
