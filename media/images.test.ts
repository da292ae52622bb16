import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { ConvertPool } from "./convert-pool";
import { ConvertBusy, ImageRefused, sniffImage, storeImage } from "./images";

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
    // A few hundred bytes of SVG asking for 1600 x 4000 px of gradient is drawn smaller, not stored as megabytes.
    const shaded = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="4000"><linearGradient id="g"><stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/></linearGradient><rect width="1600" height="4000" fill="url(#g)"/></svg>`;
    const drawn = await storeImage(Buffer.from(shaded), mediaDir);
    const top = await largest(drawn);
    expect((top.width ?? 0) * (top.height ?? 0)).toBeLessThanOrEqual(1600 * 1600);
    expect(drawn.height / drawn.width).toBeCloseTo(2.5, 1);
  });
});

/** What a member sent in the review: a few hundred bytes of filters over 1600 x 1600 px. */
const FILTER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1600"><filter id="f"><feTurbulence baseFrequency="0.9" numOctaves="8"/><feMorphology radius="40"/><feGaussianBlur stdDeviation="80"/></filter>${'<rect width="1600" height="1600" filter="url(#f)"/>'.repeat(4)}</svg>`;
/** No filter, yet minutes of drawing: hundreds of page-sized dashed circles over each other. */
const SLOW_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1600">${'<circle cx="800" cy="800" r="1100" fill="#08f" fill-opacity=".5" stroke="#f00" stroke-width="300" stroke-dasharray="1 1"/>'.repeat(300)}</svg>`;

describe("converting within limits", () => {
  const refusedWith = (promise: Promise<unknown>) =>
    promise.then(
      () => "stored",
      (error: unknown) => (error instanceof ImageRefused ? `${error.status} ${error.message}` : String(error)),
    );
  const svg = (body: string) =>
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">${body}</svg>`);

  it("refuses SVG filters, embedded images and outside references before drawing (422)", async () => {
    expect(await refusedWith(storeImage(Buffer.from(FILTER_SVG), mediaDir))).toBe(
      "422 SVG filters are not accepted: send the picture without them, or as PNG",
    );
    const outside = "422 SVG images that refer to anything outside themselves are not accepted";
    expect(
      await refusedWith(storeImage(svg('<rect width="9" height="9" style="filter: blur(9px)"/>'), mediaDir)),
    ).toMatch(/filters/);
    expect(
      await refusedWith(storeImage(svg('<image href="https://example.com/a.png" width="9" height="9"/>'), mediaDir)),
    ).toMatch(/embed/);
    expect(await refusedWith(storeImage(svg("<foreignObject><p>hi</p></foreignObject>"), mediaDir))).toMatch(/embed/);
    expect(
      await refusedWith(
        storeImage(
          svg('<use xlink:href="https://example.com/s.svg#a" xmlns:xlink="http://www.w3.org/1999/xlink"/>'),
          mediaDir,
        ),
      ),
    ).toBe(outside);
    expect(
      await refusedWith(
        storeImage(svg('<rect width="9" height="9" fill="url(https://example.com/p.svg#g)"/>'), mediaDir),
      ),
    ).toBe(outside);
    expect(await refusedWith(storeImage(svg('<style>@import "https://example.com/a.css";</style>'), mediaDir))).toBe(
      outside,
    );
    const entity = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaa">]><svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><text>&a;</text></svg>`;
    expect(await refusedWith(storeImage(Buffer.from(entity), mediaDir))).toMatch(/entities/);
    // Gradients and references inside the document stay.
    const inside =
      '<defs><circle id="c" r="4"/></defs><use href="#c"/><rect width="9" height="9" style="fill: url(#c)"/>';
    expect(await refusedWith(storeImage(svg(inside), mediaDir))).toBe("stored");
  });

  it("refuses a 6300 x 6300 PNG before decoding it (422)", async () => {
    const huge = await sharp({ create: { ...raw, width: 6300, height: 6300 } })
      .png()
      .toBuffer();
    expect(await refusedWith(storeImage(huge, mediaDir))).toBe("422 The image has too many pixels");
  });

  it("kills a conversion past its deadline or memory cap, refuses the image, and converts the next in a new child", async () => {
    const pool = new ConvertPool({ workers: 1, waiting: 1, deadlineMs: 2000, memoryBytes: 512 * 1024 * 1024 });
    try {
      const events: string[] = [];
      const slow = refusedWith(pool.convert(Buffer.from(SLOW_SVG), "svg", mediaDir)).then((r) =>
        events.push(`slow: ${r}`),
      );
      const next = refusedWith(pool.convert(await picture("png"), "png", mediaDir)).then((r) =>
        events.push(`next: ${r}`),
      );
      // One converting, one waiting: a third is told to come back instead of queueing.
      const third = await pool.convert(await picture("png"), "png", mediaDir).catch((error: unknown) => error);
      expect(third).toBeInstanceOf(ConvertBusy);
      await Promise.all([slow, next]);
      expect(events).toEqual(["slow: 422 The image took too long to convert", "next: stored"]);
      // 25 MP decoded is 100 MB of pixels alone, more than this cap leaves beside Node and libvips.
      pool.limits.memoryBytes = 160 * 1024 * 1024;
      const photo = await sharp({ create: { ...raw, width: 5000, height: 5000 } })
        .png()
        .toBuffer();
      expect(await refusedWith(pool.convert(photo, "png", mediaDir))).toBe(
        "422 The image needs too much memory to convert",
      );
      pool.limits.memoryBytes = 512 * 1024 * 1024;
      expect(await refusedWith(pool.convert(await picture("jpeg"), "jpeg", mediaDir))).toBe("stored");
    } finally {
      pool.close();
    }
  });
});
