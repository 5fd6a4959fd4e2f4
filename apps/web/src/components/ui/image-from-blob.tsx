import { useEffect, useRef, useState } from 'react';

interface ImageFromBlobProps {
  blob: Blob;
  /** The image's name for screen readers (it is exposed as role=img). */
  label: string;
  maxWidth: number;
  maxHeight: number;
  /** When the bytes are no image the browser can decode. */
  onError?: () => void;
}

/**
 * An image held in memory (fetched with the bearer token), decoded and drawn on a canvas: the pages'
 * CSP allows images from the site only (img-src 'self'), so neither a blob: nor a data: URL may be shown
 * in an <img>, while createImageBitmap reads the bytes without any request.
 */
export function ImageFromBlob({ blob, label, maxWidth, maxHeight, onError }: ImageFromBlobProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    setFailed(false);
    createImageBitmap(blob)
      .then((bitmap) => {
        const target = canvas.current;
        if (cancelled || !target) return bitmap.close();
        const scale = Math.min(1, maxHeight / bitmap.height, maxWidth / bitmap.width);
        // Drawn at the device's resolution, shown at the scaled size.
        const ratio = window.devicePixelRatio || 1;
        target.width = Math.round(bitmap.width * scale * ratio);
        target.height = Math.round(bitmap.height * scale * ratio);
        target.style.width = `${Math.round(bitmap.width * scale)}px`;
        target.style.height = `${Math.round(bitmap.height * scale)}px`;
        target.getContext('2d')?.drawImage(bitmap, 0, 0, target.width, target.height);
        bitmap.close();
      })
      .catch(() => {
        if (cancelled) return;
        setFailed(true);
        onError?.();
      });
    return () => {
      cancelled = true;
    };
  }, [blob, maxWidth, maxHeight, onError]);
  if (failed) return null;
  return <canvas ref={canvas} role="img" aria-label={label} className="max-w-full" />;
}
