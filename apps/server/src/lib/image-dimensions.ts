import { imageSize } from 'image-size';
import { badRequest } from './app-error';

/** The largest side, and the most pixels, an uploaded image may have. */
export const IMAGE_MAX_SIDE = 8000;
export const IMAGE_MAX_PIXELS = 40_000_000;

const SIZE_TYPES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/**
 * Reads an uploaded image's width and height from its header (PNG IHDR, JPEG SOF, WebP VP8*)
 * without decoding it, and refuses on `field` one whose header is unreadable or of another type
 * than its first bytes said (`mime`), or one larger than IMAGE_MAX_SIDE on a side or
 * IMAGE_MAX_PIXELS in all: a few KB claiming 100000×100000 pixels would exhaust the memory of
 * whoever shows it.
 */
export function checkImageDimensions(data: Buffer, mime: string, field: string, label = '图片') {
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(data);
  } catch {
    throw badRequest(`${label}已损坏，无法读取尺寸`, field);
  }
  const { width = 0, height = 0 } = size;
  if (size.type !== SIZE_TYPES[mime] || width < 1 || height < 1)
    throw badRequest(`${label}已损坏，无法读取尺寸`, field);
  if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE || width * height > IMAGE_MAX_PIXELS) {
    throw badRequest(
      `${label}尺寸过大（${width}×${height}），宽高均不能超过${IMAGE_MAX_SIDE}像素且总像素不超过${IMAGE_MAX_PIXELS / 10_000}万`,
      field,
    );
  }
  return { width, height };
}
