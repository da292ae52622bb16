/**
 * Draws a social card (lib/cards.ts) as a 1200x630 PNG with sharp: a background drawn once per
 * process, the logo (the site's own WebP copy) or a monogram, and the text set by Pango in the
 * bundled Inter font. The render worker loads this module in plain Node (types stripped): only
 * erasable TypeScript, relative imports naming their `.ts`.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import sharp from "sharp";
import { CARD_HEIGHT, CARD_WIDTH, type CardInput, reviews } from "../lib/cards.ts";
import { MEDIA_WIDTHS } from "../lib/media.ts";
import { monogramColor, monogramLetter } from "../lib/monogram.ts";

const fontDir = dirname(createRequire(import.meta.url).resolve("@expo-google-fonts/inter/package.json"));
/** The font files, from an npm package: a card looks the same on every machine. */
const CARD_FONTS = {
  regular: join(fontDir, "400Regular", "Inter_400Regular.ttf"),
  semibold: join(fontDir, "600SemiBold", "Inter_600SemiBold.ttf"),
  bold: join(fontDir, "700Bold", "Inter_700Bold.ttf"),
};

const PAD = 80;
const LOGO = 136;
const TEXT_WIDTH = CARD_WIDTH - 2 * PAD;
const INK = "#0f172a";
const MUTED = "#475569";
const PRIMARY = "#4f46e5";
/** Title characters kept (about two lines at 68 px); the rest becomes an ellipsis. */
const TITLE_CHARS = 60;
const SUBTITLE_CHARS = 60;
const LABEL_CHARS = 60;

/**
 * Text made safe for Pango markup: control and unpaired surrogate characters dropped (Pango
 * refuses them), whitespace runs folded, cut to `max` characters, and the markup characters
 * escaped, so a name like `</span><span size="999999">` is drawn as the characters it is.
 */
export function markupText(text: string, max: number): string {
  const clean = text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what goes
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff\ufff9-\ufffb]/g, " ")
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  const chars = [...clean];
  const cut =
    chars.length > max
      ? `${chars
          .slice(0, max - 1)
          .join("")
          .trimEnd()}…`
      : clean;
  return cut.replace(/[&<>"']/g, (ch) => `&#${ch.codePointAt(0)};`);
}

/** Raw RGBA pixels. */
type Layer = { data: Buffer; width: number; height: number };

/** Pango text as an RGBA layer. */
async function text(markup: string, font: string, fontfile: string, width: number): Promise<Layer> {
  const { data, info } = await sharp({
    text: { text: markup, font, fontfile, width, rgba: true, wrap: "word-char", spacing: 6 },
  })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const svg = (body: string, width: number, height: number) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`);

/** Raw RGBA pixels of an SVG drawing. */
async function drawn(body: string, width: number, height: number): Promise<Layer> {
  const { data, info } = await sharp(svg(body, width, height))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * Blends an RGBA layer onto the RGB card at (left, top), clipped to the card: plain source-over in
 * JavaScript, several times faster here than a sharp composite of the whole card (which converts
 * every pixel of the 1200x630 canvas, not just the layer's).
 */
function blend(card: Buffer, l: Layer, left: number, top: number): void {
  const { data, width } = l;
  const rows = Math.min(l.height, CARD_HEIGHT - top);
  const cols = Math.min(width, CARD_WIDTH - left);
  for (let y = Math.max(0, -top); y < rows; y++) {
    let src = (y * width + Math.max(0, -left)) * 4;
    let dst = ((top + y) * CARD_WIDTH + left + Math.max(0, -left)) * 3;
    for (let x = Math.max(0, -left); x < cols; x++, src += 4, dst += 3) {
      const a = data[src + 3] as number;
      if (a === 0) continue;
      if (a === 255) {
        card[dst] = data[src] as number;
        card[dst + 1] = data[src + 1] as number;
        card[dst + 2] = data[src + 2] as number;
        continue;
      }
      const keep = 255 - a;
      card[dst] = ((data[src] as number) * a + (card[dst] as number) * keep + 127) / 255;
      card[dst + 1] = ((data[src + 1] as number) * a + (card[dst + 1] as number) * keep + 127) / 255;
      card[dst + 2] = ((data[src + 2] as number) * a + (card[dst + 2] as number) * keep + 127) / 255;
    }
  }
}

/** Registers the three font files with fontconfig, so markup can ask for any weight by name. */
let fontsLoaded: Promise<unknown> | null = null;
function loadFonts(): Promise<unknown> {
  fontsLoaded ??= Promise.all(Object.values(CARD_FONTS).map((file) => text("Aa", "Inter 12", file, 100)));
  return fontsLoaded;
}

/** Drawn once per site name and process: every card starts from a copy of these RGB pixels. */
const backgrounds = new Map<string, Promise<Buffer>>();

function background(siteName: string): Promise<Buffer> {
  let cached = backgrounds.get(siteName);
  if (!cached) {
    cached = (async () => {
      await loadFonts();
      const art = await drawn(
        `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${PRIMARY}"/><stop offset="1" stop-color="#0ea5e9"/></linearGradient></defs>` +
          `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="#f8fafc"/>` +
          `<circle cx="${CARD_WIDTH - 40}" cy="-20" r="260" fill="url(#g)" opacity="0.12"/>` +
          `<circle cx="${CARD_WIDTH + 40}" cy="120" r="190" fill="url(#g)" opacity="0.10"/>` +
          `<rect width="${CARD_WIDTH}" height="14" fill="url(#g)"/>` +
          `<rect x="0" y="${CARD_HEIGHT - 110}" width="${CARD_WIDTH}" height="1" fill="#e2e8f0"/>` +
          `<rect x="${PAD}" y="${CARD_HEIGHT - 82}" width="52" height="52" rx="12" fill="url(#g)"/>`,
        CARD_WIDTH,
        CARD_HEIGHT,
      );
      const card = Buffer.alloc(CARD_WIDTH * CARD_HEIGHT * 3);
      blend(card, art, 0, 0);
      const mark = await text(`<span foreground="#ffffff">AI</span>`, "Inter Bold 22", CARD_FONTS.bold, 52);
      blend(card, mark, PAD + Math.round((52 - mark.width) / 2), CARD_HEIGHT - 82 + Math.round((52 - mark.height) / 2));
      const name = await text(
        `<span foreground="${INK}">${markupText(siteName, 60)}</span>`,
        "Inter SemiBold 30",
        CARD_FONTS.semibold,
        TEXT_WIDTH - 80,
      );
      blend(card, name, PAD + 72, CARD_HEIGHT - 56 - Math.round(name.height / 2));
      return card;
    })();
    backgrounds.set(siteName, cached);
  }
  return cached;
}

/** Monograms drawn so far (a letter on a colour), by letter and colour. */
const monograms = new Map<string, Promise<Layer>>();

function monogram(name: string): Promise<Layer> {
  const letter = monogramLetter(name);
  const color = monogramColor(name);
  const key = `${letter}${color}`;
  let cached = monograms.get(key);
  if (!cached) {
    cached = (async () => {
      const tile = await drawn(`<rect width="${LOGO}" height="${LOGO}" rx="26" fill="${color}"/>`, LOGO, LOGO);
      const glyph = await text(
        `<span foreground="#ffffff">${markupText(letter, 1)}</span>`,
        "Inter Bold 68",
        CARD_FONTS.bold,
        LOGO,
      );
      const data = Buffer.from(tile.data);
      blendRgba(data, glyph, Math.round((LOGO - glyph.width) / 2), Math.round((LOGO - glyph.height) / 2));
      return { data, width: LOGO, height: LOGO };
    })();
    monograms.set(key, cached);
  }
  return cached;
}

/** A glyph onto an opaque RGBA tile of LOGO pixels (source-over, the tile stays opaque where it was). */
function blendRgba(tile: Buffer, l: Layer, left: number, top: number): void {
  for (let y = 0; y < l.height && top + y < LOGO; y++) {
    for (let x = 0; x < l.width && left + x < LOGO; x++) {
      const src = (y * l.width + x) * 4;
      const dst = ((top + y) * LOGO + left + x) * 4;
      const a = l.data[src + 3] as number;
      if (a === 0 || (tile[dst + 3] as number) === 0) continue;
      for (let c = 0; c < 3; c++)
        tile[dst + c] = ((l.data[src + c] as number) * a + (tile[dst + c] as number) * (255 - a) + 127) / 255;
    }
  }
}

/** The rounded corners a logo is cut to. */
const LOGO_MASK = svg(`<rect width="${LOGO}" height="${LOGO}" rx="26" fill="#fff"/>`, LOGO, LOGO);

/**
 * The logo: the smallest stored copy at least as wide as the tile, fitted on white with rounded
 * corners. A copy missing from the store (pruned, another machine) falls back to the monogram.
 */
async function logo(entry: CardInput["logos"][number], mediaDir: string): Promise<Layer> {
  if (!entry.hash) return monogram(entry.name);
  const width = MEDIA_WIDTHS.find((w) => w >= LOGO) ?? LOGO;
  const candidates = [width, ...MEDIA_WIDTHS].map((w) => join(mediaDir, `${entry.hash}-${w}.webp`));
  const file = candidates.find((path) => existsSync(path));
  if (!file) return monogram(entry.name);
  const { data, info } = await sharp(file)
    .resize(LOGO, LOGO, { fit: "contain", background: "#ffffff" })
    .flatten({ background: "#ffffff" })
    .ensureAlpha()
    .composite([{ input: LOGO_MASK, blend: "dest-in" }])
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Five stars filled to `average` (halves), drawn once per half step. */
const starStrips = new Map<number, Promise<Layer>>();
const STAR = 36;
const STARS_WIDTH = 5 * STAR + 24;

function stars(average: number): Promise<Layer> {
  const halves = Math.max(0, Math.min(10, Math.round(average * 2)));
  let cached = starStrips.get(halves);
  if (!cached) {
    const path = "M18 2l4.9 10.1 11.1 1.5-8.1 7.8 2 11-9.9-5.3-9.9 5.3 2-11-8.1-7.8 11.1-1.5z";
    let body = `<defs><clipPath id="h"><rect width="18" height="${STAR}"/></clipPath></defs>`;
    for (let i = 0; i < 5; i++) {
      const x = i * (STAR + 6);
      body += `<path transform="translate(${x} 0)" d="${path}" fill="#e2e8f0"/>`;
      if (halves >= 2 * i + 2) body += `<path transform="translate(${x} 0)" d="${path}" fill="#f59e0b"/>`;
      else if (halves === 2 * i + 1)
        body += `<g transform="translate(${x} 0)"><path d="${path}" fill="#f59e0b" clip-path="url(#h)"/></g>`;
    }
    cached = drawn(body, STARS_WIDTH, STAR);
    starStrips.set(halves, cached);
  }
  return cached;
}

/** Title, label and subtitle as one Pango layout (one text operation per card). */
function words(input: CardInput, titleChars: number): Promise<Layer> {
  const title = markupText(input.title, titleChars);
  // Long titles get a smaller size so two lines hold them.
  const titleSize = [...title].length > 30 ? 58 : 68;
  return text(
    [
      input.label
        ? `<span font="Inter SemiBold 28" foreground="${PRIMARY}">${markupText(input.label, LABEL_CHARS)}</span>`
        : "",
      `<span font="Inter Bold ${titleSize}" foreground="${INK}">${title}</span>`,
      input.subtitle
        ? `<span font="Inter 34" foreground="${MUTED}">${markupText(input.subtitle, SUBTITLE_CHARS)}</span>`
        : "",
    ]
      .filter(Boolean)
      .join("\n"),
    "Inter 34",
    CARD_FONTS.regular,
    TEXT_WIDTH,
  );
}

/**
 * The card's PNG. Logos are read from `mediaDir` (the site's own copies, by content hash); the
 * text is escaped for Pango markup whatever it holds.
 */
export async function renderCard(input: CardInput, mediaDir: string): Promise<Buffer> {
  const logos = input.logos.slice(0, 2);
  const base = await background(input.siteName);
  const [pictures, rating] = await Promise.all([
    Promise.all(logos.map((entry) => logo(entry, mediaDir))),
    input.rating && input.rating.count > 0
      ? Promise.all([
          stars(input.rating.average),
          text(
            `<span foreground="${INK}" weight="bold">${input.rating.average.toFixed(1)}</span><span foreground="${MUTED}">  ·  ${reviews(input.rating.count)}</span>`,
            "Inter 30",
            CARD_FONTS.regular,
            400,
          ),
        ])
      : null,
  ]);
  // The text sits under the logos, or starts higher on a card without any.
  const textTop = logos.length ? 56 + LOGO + 32 : 96;
  const room = CARD_HEIGHT - 130 - textTop;
  let layout = await words(input, TITLE_CHARS);
  // A title of wide letters can wrap past the room: shortened until it fits, then cut.
  for (let chars = 32; layout.height > room && chars >= 16; chars -= 16) layout = await words(input, chars);
  const card = Buffer.from(base);
  pictures.forEach((picture, index) => {
    blend(card, picture, PAD + index * (LOGO + 24), 56);
  });
  blend(card, layout.height > room ? { ...layout, height: room } : layout, PAD, textTop);
  if (rating) {
    const [strip, figure] = rating;
    const right = CARD_WIDTH - PAD;
    blend(card, strip, right - figure.width - 16 - STARS_WIDTH, CARD_HEIGHT - 56 - STAR / 2);
    blend(card, figure, right - figure.width, CARD_HEIGHT - 56 - Math.round(figure.height / 2));
  }
  return sharp(card, { raw: { width: CARD_WIDTH, height: CARD_HEIGHT, channels: 3 } })
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
}
