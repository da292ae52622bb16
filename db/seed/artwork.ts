/**
 * The demo's own pictures: a logo mark and screenshots per tool and a cover per article,
 * composed here as SVG (gradients, geometric shapes, the tool's name in its window) and stored like any uploaded image (by the store the seed is given: media/images.ts). Nothing is copied
 * from anyone, and nothing on a demo page asks another host for an image.
 */
import { mediaPath, type StoredImage } from "../../lib/media";
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

/** A per-name palette: a main hue and a companion hue a chosen step around the wheel. */
function paletteOf(name: string) {
  const h = hashOf(name);
  const hue = h % 360;
  const second = hue + 30 + 60 * ((h >>> 9) % 4);
  return { h, hue, second };
}

/** Geometric marks (no letters), each drawn in a 256-unit box around the centre. */
const MARKS: ((h: number) => string)[] = [
  // Petals: 3 to 6 ellipses around the centre.
  (h) => {
    const n = 3 + (h % 4);
    return Array.from(
      { length: n },
      (_, i) =>
        `<ellipse cx="128" cy="84" rx="30" ry="52" fill="url(#a)" fill-opacity=".85" transform="rotate(${(360 / n) * i} 128 128)"/>`,
    ).join("");
  },
  // Orbit: a ring and a moon.
  (h) =>
    `<circle cx="128" cy="128" r="70" fill="none" stroke="url(#a)" stroke-width="30"/><circle cx="${128 + Math.round(70 * Math.cos(h))}" cy="${128 + Math.round(70 * Math.sin(h))}" r="26" fill="url(#b)"/>`,
  // Two overlapping discs.
  () =>
    `<circle cx="100" cy="128" r="62" fill="url(#a)"/><circle cx="156" cy="128" r="62" fill="url(#b)" fill-opacity=".8"/>`,
  // Stacked chevrons.
  () =>
    [0, 1, 2]
      .map(
        (i) =>
          `<path d="M64 ${96 + i * 36}l64-40 64 40" fill="none" stroke="url(#${i === 1 ? "b" : "a"})" stroke-width="22" stroke-linecap="round" stroke-linejoin="round"/>`,
      )
      .join(""),
  // A 2x2 grid with one tile turned to a disc.
  (h) =>
    [0, 1, 2, 3]
      .map((i) => {
        const x = 58 + (i % 2) * 74;
        const y = 58 + Math.floor(i / 2) * 74;
        return i === h % 4
          ? `<circle cx="${x + 33}" cy="${y + 33}" r="33" fill="url(#b)"/>`
          : `<rect x="${x}" y="${y}" width="66" height="66" rx="16" fill="url(#a)"/>`;
      })
      .join(""),
  // A four- to eight-pointed spark.
  (h) => {
    const n = 4 + (h % 5);
    const points = Array.from({ length: n * 2 }, (_, i) => {
      const r = i % 2 ? 30 : 88;
      const a = (Math.PI * i) / n - Math.PI / 2;
      return `${(128 + r * Math.cos(a)).toFixed(1)},${(128 + r * Math.sin(a)).toFixed(1)}`;
    });
    return `<polygon points="${points.join(" ")}" fill="url(#a)"/><circle cx="128" cy="128" r="16" fill="url(#b)"/>`;
  },
];

/** A tool's logo: a geometric mark in its own palette on a rounded tile; never letters. */
export function logoSvg(name: string): string {
  const { h, hue, second } = paletteOf(name);
  const dark = (h >>> 5) % 3 === 0;
  const mark = MARKS[(h >>> 13) % MARKS.length] as (h: number) => string;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<defs><linearGradient id="a" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="${hsl(hue, 80, dark ? 65 : 55)}"/><stop offset="1" stop-color="${hsl(hue + 30, 75, dark ? 50 : 40)}"/>
</linearGradient><linearGradient id="b" x1="1" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="${hsl(second, 85, 62)}"/><stop offset="1" stop-color="${hsl(second + 20, 80, 48)}"/>
</linearGradient></defs>
<rect width="256" height="256" rx="56" fill="${dark ? hsl(hue + 200, 30, 14) : hsl(hue + 180, 35, 96)}"/>
${mark(h)}
</svg>`;
}

/** What a tool's main area looks like, by its category. */
type Scene = "chat" | "canvas" | "chart" | "code" | "timeline" | "doc";
const SCENES: Record<string, Scene> = {
  chatbots: "chat",
  research: "chat",
  education: "chat",
  "image-generation": "canvas",
  design: "canvas",
  "data-analytics": "chart",
  "marketing-seo": "chart",
  coding: "code",
  video: "timeline",
  "audio-voice": "timeline",
  music: "timeline",
};

const bar = (x: number, y: number, w: number, fill: string, height = 12) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${height}" rx="${height / 2}" fill="${fill}"/>`;

function sceneSvg(scene: Scene, h: number, hue: number, second: number): string {
  const X = 300;
  const width = 940;
  switch (scene) {
    case "chat":
      return `${[0, 1, 2, 3]
        .map((i) => {
          const mine = i % 2 === 0;
          const w = 300 + ((h >>> i) % 240);
          const x = mine ? X + width - w : X;
          const y = 190 + i * 110;
          return `<rect x="${x}" y="${y}" width="${w}" height="84" rx="20" fill="${mine ? hsl(hue, 70, 52) : "#fff"}" stroke="${hsl(hue, 20, 88)}"/>
${bar(x + 24, y + 24, w - 80, mine ? "#ffffff99" : hsl(hue, 15, 80))}${bar(x + 24, y + 48, w / 2, mine ? "#ffffff66" : hsl(hue, 15, 88))}`;
        })
        .join("")}
<rect x="${X}" y="636" width="${width}" height="56" rx="28" fill="#fff" stroke="${hsl(hue, 25, 80)}"/>${bar(X + 28, 658, 320, hsl(hue, 10, 85))}<circle cx="${X + width - 30}" cy="664" r="18" fill="${hsl(hue, 70, 52)}"/>`;
    case "canvas":
      return [0, 1, 2, 3, 4, 5]
        .map((i) => {
          const x = X + (i % 3) * 316;
          const y = 190 + Math.floor(i / 3) * 250;
          const a = hue + i * 37;
          return `<rect x="${x}" y="${y}" width="300" height="230" rx="16" fill="${hsl(a, 60, 78)}"/>
<circle cx="${x + 80 + ((h >>> i) % 140)}" cy="${y + 90}" r="${40 + ((h >>> (i + 2)) % 30)}" fill="${hsl(second + i * 20, 75, 60)}" fill-opacity=".9"/>
<path d="M${x} ${y + 230}l90-100 70 60 60-40 80 80Z" fill="${hsl(a + 160, 40, 35)}" fill-opacity=".7"/>`;
        })
        .join("");
    case "chart": {
      const points = Array.from({ length: 10 }, (_, i) => `${X + 20 + i * 64},${560 - ((h >>> i) % 9) * 22 - i * 12}`);
      return `${[0, 1, 2]
        .map(
          (i) =>
            `<rect x="${X + i * 316}" y="190" width="300" height="110" rx="16" fill="#fff" stroke="${hsl(hue, 20, 88)}"/>${bar(X + i * 316 + 24, 216, 110, hsl(hue, 15, 80))}<text x="${X + i * 316 + 24}" y="278" font-family="sans-serif" font-size="34" font-weight="700" fill="${hsl(hue, 40, 25)}">${((h >>> (i * 4)) % 90) + 10}.${(h >>> i) % 10}k</text>`,
        )
        .join("")}
<rect x="${X}" y="320" width="620" height="370" rx="16" fill="#fff" stroke="${hsl(hue, 20, 88)}"/>
<polyline points="${points.join(" ")}" fill="none" stroke="${hsl(hue, 70, 50)}" stroke-width="5" stroke-linejoin="round"/>
<rect x="${X + 636}" y="320" width="304" height="370" rx="16" fill="#fff" stroke="${hsl(hue, 20, 88)}"/>
${[0, 1, 2, 3, 4].map((i) => `<rect x="${X + 666 + i * 54}" y="${660 - (60 + ((h >>> (i + 1)) % 200))}" width="34" height="${60 + ((h >>> (i + 1)) % 200)}" rx="6" fill="${hsl(second, 65, 55 + i * 4)}"/>`).join("")}`;
    }
    case "code":
      return `<rect x="${X}" y="190" width="${width}" height="500" rx="16" fill="${hsl(hue + 200, 25, 14)}"/>
${Array.from({ length: 14 }, (_, i) => {
  const indent = ((h >>> i) % 3) * 32;
  return `<text x="${X + 20}" y="${226 + i * 32}" font-family="monospace" font-size="16" fill="${hsl(hue, 10, 45)}">${i + 1}</text>${bar(X + 64 + indent, 214 + i * 32, 80 + ((h >>> (i + 1)) % 90), hsl(i % 3 ? hue : second, 70, 65))}${bar(X + 160 + indent + ((h >>> i) % 90), 214 + i * 32, 60 + ((h >>> (i + 2)) % 220), hsl(hue + 200, 15, 55))}`;
}).join("")}`;
    case "timeline":
      return `<rect x="${X}" y="190" width="${width}" height="300" rx="16" fill="${hsl(hue, 30, 20)}"/>
<path d="M${X + 430} 300v80l70-40Z" fill="#fff" fill-opacity=".9"/>
<rect x="${X}" y="510" width="${width}" height="180" rx="16" fill="#fff" stroke="${hsl(hue, 20, 88)}"/>
${Array.from({ length: 72 }, (_, i) => {
  const amp = 8 + (((h >>> (i % 24)) + i * 7) % 48);
  return `<rect x="${X + 20 + i * 12.6}" y="${560 - amp / 2}" width="7" height="${amp}" rx="3" fill="${hsl(hue, 70, 55)}"/>`;
}).join("")}
${bar(X + 20, 620, 380, hsl(second, 60, 70), 40)}${bar(X + 420, 620, 260, hsl(second + 40, 60, 75), 40)}<rect x="${X + 300}" y="520" width="3" height="160" fill="${hsl(0, 80, 55)}"/>`;
    default:
      return `<rect x="${X}" y="190" width="${width}" height="500" rx="16" fill="#fff" stroke="${hsl(hue, 20, 88)}"/>
${bar(X + 40, 230, 420, hsl(hue, 40, 30), 22)}
${Array.from({ length: 10 }, (_, i) => bar(X + 40, 290 + i * 36, 500 + ((h >>> i) % 340), i === 4 ? hsl(second, 70, 80) : hsl(hue, 12, 86))).join("")}`;
  }
}

/**
 * A product-like screenshot: an app window with a title bar, a sidebar and a main area drawn for
 * the tool's category (a chat, a canvas, a chart, code, a timeline or a document).
 */
export function screenshotSvg(name: string, caption: string, index: number, category = ""): string {
  const { h: nameHash, hue, second } = paletteOf(name);
  const h = hashOf(`${name}/${index}`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">
<rect width="1280" height="720" fill="${hsl(hue, 25, 97)}"/>
<rect width="1280" height="44" fill="${hsl(hue, 15, 90)}"/>
${["#ff5f57", "#febc2e", "#28c840"].map((c, i) => `<circle cx="${24 + i * 22}" cy="22" r="7" fill="${c}"/>`).join("")}
<rect x="400" y="10" width="480" height="24" rx="12" fill="#fff"/>
<rect x="0" y="44" width="260" height="676" fill="${hsl(hue, 22, 93)}"/>
<rect x="24" y="68" width="36" height="36" rx="10" fill="${hsl(hue, 70, 50)}"/><circle cx="42" cy="86" r="9" fill="${hsl(second, 80, 70)}"/>
<text x="72" y="93" font-family="sans-serif" font-size="20" font-weight="700" fill="${hsl(hue, 40, 20)}">${escapeXml(name)}</text>
${[0, 1, 2, 3, 4, 5]
  .map((i) => {
    const on = i === index % 6;
    return `${on ? `<rect x="12" y="${130 + i * 48}" width="236" height="38" rx="10" fill="${hsl(hue, 60, 86)}"/>` : ""}<circle cx="38" cy="${149 + i * 48}" r="8" fill="${hsl(hue, 30, on ? 45 : 70)}"/>${bar(56, 143 + i * 48, 90 + ((h >>> (i + 3)) % 80), hsl(hue, 20, on ? 40 : 75))}`;
  })
  .join("")}
<text x="300" y="130" font-family="sans-serif" font-size="34" font-weight="700" fill="${hsl(hue, 40, 20)}">${escapeXml(caption)}</text>
<rect x="1090" y="100" width="150" height="40" rx="20" fill="${hsl(hue, 70, 50)}"/>
${sceneSvg(SCENES[category] ?? "doc", (h ^ nameHash) >>> 0, hue, second)}
</svg>`;
}

/** A demo article's cover: soft bands and shapes in a palette from its title. */
export function coverSvg(title: string): string {
  const { h, hue, second } = paletteOf(title);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="${hsl(hue, 70, 30)}"/><stop offset="1" stop-color="${hsl(second, 65, 45)}"/>
</linearGradient></defs>
<rect width="1200" height="630" fill="url(#bg)"/>
${[0, 1, 2, 3, 4]
  .map(
    (i) =>
      `<circle cx="${100 + ((h >>> (i * 3)) % 1000)}" cy="${80 + ((h >>> (i * 2 + 1)) % 470)}" r="${60 + ((h >>> i) % 140)}" fill="${hsl(hue + i * 40, 80, 70)}" fill-opacity=".${2 + (i % 3)}"/>`,
  )
  .join("")}
<path d="M0 ${460 + (h % 60)}C300 ${380 + (h % 90)} 700 ${560 - (h % 80)} 1200 ${420 + (h % 70)}V630H0Z" fill="#fff" fill-opacity=".15"/>
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

export async function demoCover(db: Db, images: ImageStore, title: string): Promise<string> {
  return store(db, images, coverSvg(title));
}

export async function demoScreenshots(
  db: Db,
  images: ImageStore,
  name: string,
  category: string,
  shots: { caption: string; alt_text: string }[],
): Promise<{ url: string; alt_text: string }[]> {
  const out: { url: string; alt_text: string }[] = [];
  for (const [i, shot] of shots.entries()) {
    out.push({
      url: await store(db, images, screenshotSvg(name, shot.caption, i, category)),
      alt_text: shot.alt_text,
    });
  }
  return out;
}
