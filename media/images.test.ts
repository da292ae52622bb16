import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { ImageRefused, sniffImage, storeImage } from "./images";

/** A picture in each format the site takes, drawn here. */
const raw = { width: 300, height: 150, channels: 3 as const, background: { r: 200, g: 40, b: 40 } };
const picture = (format: "png" | "jpeg" | "gif" | "webp") => sharp({ create: raw })[format]().toBuffer();
const SCRIPTED_SVG = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" onload="alert(1)">
  <script>alert(document.cookie)</script><rect width="40" height="20" fill="#0a0"/></svg>`;

let mediaDir: string;

beforeAll(() => {
  mediaDir = mkdtempSync(join(tmpdir(), "media-test-"));
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof ImageRefused ? error.status : error),
  );

describe("storing an image", () => {
  for (const format of ["png", "jpeg", "gif", "webp"] as const) {
    it(`converts ${format} to WebP at the widths pages use, with its size and colour`, async () => {
      const bytes = await picture(format);
      expect(sniffImage(bytes)).toBe(format);
      const stored = await storeImage(bytes, mediaDir);
      expect(stored).toMatchObject({ type: format, width: 300, height: 150, widths: [96, 192, 300] });
      expect(stored.color).toMatch(/^#[0-9a-f]{6}$/);
      for (const w of stored.widths) {
        const file = readFileSync(join(mediaDir, `${stored.hash}-${w}.webp`));
        const meta = await sharp(file).metadata();
        expect(meta.format).toBe("webp");
        expect(meta.width).toBe(w);
      }
    });
  }

  it("refuses a file that is not an image whatever its name says (415), and a broken one (422)", async () => {
    expect(await refusal(storeImage(Buffer.from("<html><body>not a picture</body></html>"), mediaDir))).toBe(415);
    const truncated = (await picture("png")).subarray(0, 40);
    expect(await refusal(storeImage(truncated, mediaDir))).toBe(422);
  });

  it("refuses more than 5 MB (413)", async () => {
    const big = Buffer.concat([await picture("png"), Buffer.alloc(5 * 1024 * 1024)]);
    expect(await refusal(storeImage(big, mediaDir))).toBe(413);
  });

  it("renders an SVG to pixels: no script or handler survives", async () => {
    const stored = await storeImage(Buffer.from(SCRIPTED_SVG), mediaDir);
    expect(stored.type).toBe("svg");
    for (const w of stored.widths) {
      const file = readFileSync(join(mediaDir, `${stored.hash}-${w}.webp`));
      expect(file.subarray(0, 4).toString("latin1")).toBe("RIFF");
      expect(file.toString("latin1")).not.toMatch(/script|onload|alert/);
    }
  });

  it("keeps a tall picture's largest copy within 1600 x 1600 pixels, an SVG asking for more too", async () => {
    const largest = async (stored: { hash: string; widths: number[] }) =>
      sharp(readFileSync(join(mediaDir, `${stored.hash}-${stored.widths.at(-1)}.webp`))).metadata();
    const tall = await sharp({ create: { ...raw, width: 1000, height: 5000 } })
      .png()
      .toBuffer();
    const stored = await storeImage(tall, mediaDir);
    expect(stored).toMatchObject({ width: 1000, height: 5000, widths: [96, 192, 480, 715] });
    const copy = await largest(stored);
    expect((copy.width ?? 0) * (copy.height ?? 0)).toBeLessThanOrEqual(1600 * 1600);
    // A few hundred bytes of SVG asking for 1600 x 4000 px of noise is drawn smaller, not stored as megabytes.
    const noise = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="4000"><filter id="f"><feTurbulence baseFrequency="0.9" numOctaves="4"/></filter><rect width="1600" height="4000" filter="url(#f)"/></svg>`;
    const drawn = await storeImage(Buffer.from(noise), mediaDir);
    const top = await largest(drawn);
    expect((top.width ?? 0) * (top.height ?? 0)).toBeLessThanOrEqual(1600 * 1600);
    expect(drawn.height / drawn.width).toBeCloseTo(2.5, 1);
  });
});
