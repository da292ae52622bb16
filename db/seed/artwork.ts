/**
 * The demo's own pictures: a logo and screenshots per tool, composed here as SVG (gradients,
 * shapes, the tool's name) and stored like any uploaded image (by the store the seed is given: media/images.ts). Nothing is copied
 * from anyone, and nothing on a demo page asks another host for an image.
 */
import { mediaPath, type StoredImage } from "../../lib/media";
import { monogramLetter } from "../../lib/monogram";
import type { Db } from "../client";
import { recordUpload } from "../queries/images";

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.codePointAt(0)};`);

/** A stable number per text, for choosing colours and shapes. */
function hashOf(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 16777619) >>> 0;
  return h;
}

const hsl = (hue: number, s: number, l: number) => `hsl(${hue % 360},${s}%,${l}%)`;

export function logoSvg(name: string): string {
  const h = hashOf(name);
  const hue = h % 360;
  const shapes = [
    `<circle cx="128" cy="128" r="92" fill="url(#g)"/>`,
    `<rect x="36" y="36" width="184" height="184" rx="48" fill="url(#g)"/>`,
    `<path d="M128 24 232 128 128 232 24 128Z" fill="url(#g)"/>`,
    `<path d="M128 28 219 80v96l-91 52-91-52V80Z" fill="url(#g)"/>`,
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="${hsl(hue, 75, 55)}"/><stop offset="1" stop-color="${hsl(hue + 50, 70, 40)}"/>
</linearGradient></defs>
<rect width="256" height="256" fill="${hsl(hue + 180, 30, 97)}"/>
${shapes[h % shapes.length]}
<circle cx="${70 + (h % 120)}" cy="${60 + ((h >> 8) % 40)}" r="18" fill="#fff" fill-opacity=".25"/>
<text x="128" y="128" dy=".35em" text-anchor="middle" font-family="sans-serif" font-size="104" font-weight="700" fill="#fff">${escapeXml(monogramLetter(name))}</text>
</svg>`;
}

export function screenshotSvg(name: string, caption: string, index: number): string {
  const h = hashOf(`${name}/${index}`);
  const hue = hashOf(name) % 360;
  const cards = Array.from({ length: 6 }, (_, i) => {
    const x = 300 + (i % 3) * 320;
    const y = 250 + Math.floor(i / 3) * 220;
    const bar = 80 + ((h >> i) % 160);
    return `<rect x="${x}" y="${y}" width="290" height="190" rx="14" fill="#fff" stroke="${hsl(hue, 30, 88)}"/>
<rect x="${x + 20}" y="${y + 24}" width="${bar}" height="14" rx="7" fill="${hsl(hue + i * 20, 60, 60)}"/>
<rect x="${x + 20}" y="${y + 54}" width="240" height="10" rx="5" fill="${hsl(hue, 15, 88)}"/>
<rect x="${x + 20}" y="${y + 74}" width="200" height="10" rx="5" fill="${hsl(hue, 15, 88)}"/>
<rect x="${x + 20}" y="${y + 110}" width="250" height="56" rx="10" fill="${hsl(hue + i * 20, 70, 94)}"/>`;
  }).join("\n");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">
<defs><linearGradient id="top" x1="0" y1="0" x2="1" y2="0">
<stop offset="0" stop-color="${hsl(hue, 70, 45)}"/><stop offset="1" stop-color="${hsl(hue + 40, 70, 55)}"/>
</linearGradient></defs>
<rect width="1280" height="720" fill="${hsl(hue, 25, 97)}"/>
<rect width="1280" height="72" fill="url(#top)"/>
<text x="32" y="46" font-family="sans-serif" font-size="28" font-weight="700" fill="#fff">${escapeXml(name)}</text>
<rect x="0" y="72" width="260" height="648" fill="${hsl(hue, 20, 92)}"/>
${[0, 1, 2, 3, 4].map((i) => `<rect x="28" y="${110 + i * 56}" width="${150 + ((h >> (i + 3)) % 60)}" height="18" rx="9" fill="${hsl(hue, 20, i === index % 5 ? 60 : 80)}"/>`).join("")}
<text x="300" y="180" font-family="sans-serif" font-size="40" font-weight="700" fill="${hsl(hue, 40, 20)}">${escapeXml(caption)}</text>
${cards}
</svg>`;
}

/** Converts and stores an image's bytes (media/images.ts); passed in, so db/ never loads sharp. */
export type ImageStore = (bytes: Buffer) => Promise<StoredImage>;

/** Stores one composed picture; resolves the address the tool names. */
async function store(db: Db, images: ImageStore, svg: string): Promise<string> {
  const stored = await images(Buffer.from(svg));
  const url = mediaPath(stored.hash, stored.widths.at(-1) ?? stored.width);
  await recordUpload(db, url, stored);
  return url;
}

export async function demoLogo(db: Db, images: ImageStore, name: string): Promise<string> {
  return store(db, images, logoSvg(name));
}

export async function demoScreenshots(
  db: Db,
  images: ImageStore,
  name: string,
  shots: { caption: string; alt_text: string }[],
): Promise<{ url: string; alt_text: string }[]> {
  const out: { url: string; alt_text: string }[] = [];
  for (const [i, shot] of shots.entries()) {
    out.push({ url: await store(db, images, screenshotSvg(name, shot.caption, i)), alt_text: shot.alt_text });
  }
  return out;
}
