/**
 * The site's own copies of images (media/images.ts): one WebP file per stored width, named by the
 * original's content hash, served under /media/ with immutable caching.
 */

/** The site's own copy of an image: what a page needs to show it without asking anyone else. */
export type LocalImage = {
  hash: string;
  /** The original's size: its aspect ratio for the width/height attributes. */
  width: number;
  height: number;
  /** Painted behind the image while it loads. */
  color: string;
  /** The widths stored, ascending. */
  widths: number[];
};

export type ImageType = "png" | "jpeg" | "gif" | "webp" | "svg";

/** A stored image as recorded: its copies, and the original's and largest copy's bytes. */
export type StoredImage = LocalImage & { originalBytes: number; storedBytes: number; type: ImageType };

/** Widths stored for every image (those under the original's width, and the original's capped). */
export const MEDIA_WIDTHS = [96, 192, 480, 960, 1600];

/** A stored file's name: the content hash (hex) and a width. */
export const MEDIA_FILE = /^([0-9a-f]{32})-(\d{1,4})\.webp$/;

/** True for the address of a stored file (what an uploaded image's tool names). */
export const isMediaPath = (value: string) => /^\/media\/[0-9a-f]{32}-\d{1,4}\.webp$/.test(value);

/** The name of the file of `hash` stored `width` pixels wide (matches MEDIA_FILE). */
export const mediaFile = (hash: string, width: number) => `${hash}-${width}.webp`;

export const mediaPath = (hash: string, width: number) => `/media/${mediaFile(hash, width)}`;

/**
 * Pixels of the largest stored copy at most (1600 x 1600): a tall picture is stored narrower, so
 * a few hundred bytes of SVG asking for 1600 x 4000 px no longer become megabytes on disk.
 */
export const MAX_STORED_PIXELS = 1600 * 1600;

/** The widths an original of `width` x `height` pixels is stored at. */
export function widthsFor(width: number, height = width): number[] {
  const top = Math.max(1, Math.min(width, 1600, Math.floor(Math.sqrt((MAX_STORED_PIXELS * width) / height))));
  return [...new Set([...MEDIA_WIDTHS.filter((w) => w < top), top])];
}

/** src, srcset and the intrinsic size of an image shown `cssWidth` pixels wide (up to 2x screens). */
export function imageAttributes(image: LocalImage, cssWidth: number) {
  const fit = image.widths.find((w) => w >= cssWidth * 2) ?? image.widths.at(-1) ?? image.width;
  return {
    src: mediaPath(image.hash, fit),
    srcset: image.widths.map((w) => `${mediaPath(image.hash, w)} ${w}w`).join(", "),
    width: image.width,
    height: image.height,
  };
}
