import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import lighthouse, { type Flags } from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import puppeteer from "puppeteer-core";
import sharp from "sharp";
import { median, record, startServer } from "./lib";

/**
 * The pages judged: the home page, a tool page and a category page; and the reference, a page
 * with one heading and one sentence (`FLOOR_PAGE`), which is as fast as a page can be: what it
 * scores is what this machine allows, measured in the same run.
 */
const PAGES = { home: "/", tool: "/tool/chatgpt", category: "/category/chatbots", floor: "/bench-floor" } as const;
const FLOOR_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title><meta name="description" content="The fastest page there is."></head><body><main><h1>Floor</h1><p>One heading and one sentence.</p></main></body></html>`;
const THEMES = ["light", "dark"] as const;
/**
 * A 390 px phone (Lighthouse's mobile throttling: slow 4G, 4x CPU) and Lighthouse's own desktop
 * (1350 x 940, desktop throttling).
 */
const WIDTHS = {
  "390 px": {
    config: undefined,
    screenEmulation: { mobile: true, width: 390, height: 844, deviceScaleFactor: 3, disabled: false },
  },
  "1350 px": { config: desktopConfig, screenEmulation: undefined },
} as const;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const RUNS = 3;

type Run = { scores: Record<string, number>; cls: number; tbt: number; luminance: number; failing: string[] };

/** Mean luminance (0-255) of Lighthouse's final screenshot: tells a dark render from a light one. */
async function luminance(screenshot: string): Promise<number> {
  const { channels } = await sharp(Buffer.from(screenshot.replace(/^data:[^,]*,/, ""), "base64")).stats();
  const [r, g, b] = channels.map((c) => c.mean);
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

/**
 * Lighthouse (npm) in Debian's Chromium on the home, a tool and a category page, in both themes,
 * at 390 px and at desktop width, served by `npm start`'s server: the median of 3 runs of each.
 * One browser and one server serve all runs; the runs are interleaved (each round visits every
 * cell once) so drift in the machine's load falls on all cells alike. The theme is the visitor's
 * system preference (`prefers-color-scheme`, emulated per page), and each run's final screenshot
 * is checked to be dark or light as asked. Images on outside hosts get a local stand-in
 * (`answerOutside`), so the scores judge the product rather than the sandbox's network.
 */
export async function lighthouseFigures() {
  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  const siteDir = process.env.SITE_DIR ?? "data/site";
  if (!existsSync(chromium) || !existsSync(`${siteDir}/current`)) {
    console.log("skipping Lighthouse: needs Chromium and a built site (npm start once)");
    return;
  }
  const server = await startServer({ PORT: "0" });
  // 4:3, unlike every image box on the site: a box that followed the image's own size would shift.
  const standIn = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#94a3b8" } })
    .png()
    .toBuffer();
  const browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
  // The floor page has no dark theme: it is judged once per width.
  const cells = Object.keys(PAGES).flatMap((page) =>
    THEMES.filter((theme) => page !== "floor" || theme === "light").flatMap((theme) =>
      Object.keys(WIDTHS).map((width) => ({ page, theme, width })),
    ),
  ) as { page: keyof typeof PAGES; theme: (typeof THEMES)[number]; width: keyof typeof WIDTHS }[];
  const runs = new Map<string, Run[]>();
  const key = (cell: (typeof cells)[number]) => `${cell.page}, ${cell.theme}, ${cell.width}`;
  try {
    const outside = new Map<string, string[]>();
    for (const [page, path] of Object.entries(PAGES)) {
      if (page === "floor") continue;
      const html = await (await fetch(`${server.origin}${path}`)).text();
      // Every host the page names (in attributes, island props or structured data), but its own.
      const hosts = new Set([...html.matchAll(/https?:\/\/([\w.-]+(?::\d+)?)/g)].map((m) => m[1] ?? ""));
      hosts.delete(new URL(server.origin).host);
      outside.set(page, [...hosts]);
    }
    for (let round = 0; round < RUNS; round++) {
      for (const cell of cells) {
        const url = `${server.origin}${PAGES[cell.page]}`;
        const run = await lighthouseRun(
          browser,
          url,
          cell,
          outside.get(cell.page) ?? [],
          standIn,
          cell.page === "floor",
        );
        if (!run) continue;
        runs.set(key(cell), [...(runs.get(key(cell)) ?? []), run]);
        const scores = CATEGORIES.map((name) => run.scores[name] ?? 0).join("/");
        console.log(`  run ${round + 1}, ${key(cell)}: ${scores}, CLS ${run.cls.toFixed(3)}, TBT ${run.tbt} ms`);
      }
    }
  } finally {
    await browser.close();
    server.stop();
  }

  const table = [
    "| page | theme | width | performance | accessibility | best practices | SEO | CLS | TBT (ms) |",
    "| --- | --- | --- | --: | --: | --: | --: | --: | --: |",
  ];
  for (const cell of cells) {
    const done = runs.get(key(cell)) ?? [];
    if (done.length === 0) {
      console.log(`✗ Lighthouse ${key(cell)}: no run finished`);
      continue;
    }
    // A run whose screenshot shows the other theme judged the wrong page: it fails the cell.
    const themed = done.every((r) => (cell.theme === "dark" ? r.luminance < 100 : r.luminance > 155));
    const scores = CATEGORIES.map((name) => median(done.map((r) => r.scores[name] ?? 0)));
    // Any shift in any run counts: the aim is none at all.
    const cls = Math.max(...done.map((r) => r.cls));
    const tbt = median(done.map((r) => r.tbt));
    table.push(
      `| ${cell.page} | ${cell.theme} | ${cell.width} | ${scores.join(" | ")} | ${cls.toFixed(3)} | ${tbt} |${themed ? "" : " (theme not rendered)"}`,
    );
    if (cell.page === "floor") {
      const value = scores[0] ?? 0;
      record(
        {
          name: `Lighthouse performance, the floor page (one heading, one sentence), ${cell.width} (median of ${done.length} runs): the best this machine allows`,
          value,
          unit: "score",
          reference: 100,
          aim: "reference",
        },
        value / 100,
        true,
      );
      continue;
    }
    CATEGORIES.forEach((name, i) => {
      const value = scores[i] ?? 0;
      record(
        {
          name: `Lighthouse ${name}, ${key(cell)} (median of ${done.length} runs)`,
          value,
          unit: "score",
          reference: 100,
          aim: "100",
        },
        value / 100,
        value === 100 && themed,
      );
    });
    record(
      {
        name: `Lighthouse CLS, ${key(cell)} (worst of ${done.length} runs)`,
        value: cls,
        unit: "",
        reference: 0,
        aim: "0",
      },
      cls,
      cls === 0 && themed,
    );
    const failing = [...new Set(done.flatMap((r) => r.failing))];
    if (failing.length) console.log(`  ${key(cell)}: below 1 in some run: ${failing.join(", ")}`);
  }
  console.log(table.join("\n"));
  mkdirSync("bench/results", { recursive: true });
  writeFileSync("bench/results/lighthouse.md", `${table.join("\n")}\n`);
}

/**
 * The demo's logos and screenshots live on outside hosts this offline machine cannot reach. Each
 * image asked of them is answered with `standIn`, so images really load (and any box that moves
 * when one arrives shows up in CLS); anything else asked of them fails as blocked.
 */
async function answerOutside(page: import("puppeteer-core").Page, hosts: string[], standIn: Buffer) {
  if (hosts.length === 0) return;
  const cdp = await page.createCDPSession();
  const body = standIn.toString("base64");
  cdp.on("Fetch.requestPaused", (event) => {
    const answer =
      event.resourceType === "Image"
        ? cdp.send("Fetch.fulfillRequest", {
            requestId: event.requestId,
            responseCode: 200,
            responseHeaders: [
              { name: "content-type", value: "image/png" },
              { name: "cache-control", value: "max-age=31536000" },
            ],
            body,
          })
        : cdp.send("Fetch.failRequest", { requestId: event.requestId, errorReason: "BlockedByClient" });
    answer.catch(() => {});
  });
  await cdp.send("Fetch.enable", { patterns: hosts.map((host) => ({ urlPattern: `*://${host}/*` })) });
}

/** The floor page is answered by the browser itself, so the server's work is not in its figure. */
async function answerFloor(page: import("puppeteer-core").Page, url: string) {
  const cdp = await page.createCDPSession();
  const body = Buffer.from(FLOOR_PAGE).toString("base64");
  cdp.on("Fetch.requestPaused", (event) => {
    const headers = [{ name: "content-type", value: "text/html; charset=utf-8" }];
    cdp
      .send("Fetch.fulfillRequest", { requestId: event.requestId, responseCode: 200, responseHeaders: headers, body })
      .catch(() => {});
  });
  await cdp.send("Fetch.enable", { patterns: [{ urlPattern: url, resourceType: "Document" }] });
}

async function lighthouseRun(
  browser: import("puppeteer-core").Browser,
  url: string,
  cell: { theme: "light" | "dark"; width: keyof typeof WIDTHS },
  outsideHosts: string[],
  standIn: Buffer,
  floor: boolean,
): Promise<Run | null> {
  const page = await browser.newPage();
  try {
    await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: cell.theme }]);
    if (floor) await answerFloor(page, url);
    else await answerOutside(page, outsideHosts, standIn);
    const { config, screenEmulation } = WIDTHS[cell.width];
    const flags: Flags = {
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      ...(screenEmulation ? { formFactor: "mobile", screenEmulation } : {}),
    };
    const result = await lighthouse(url, flags, config, page);
    if (!result) return null;
    const { lhr } = result;
    const shot = lhr.audits["final-screenshot"]?.details;
    // What moved, when something did: the elements Lighthouse names for the shift.
    const shifts = lhr.audits["layout-shifts"]?.details;
    const moved =
      shifts?.type === "table"
        ? shifts.items.map((item) => {
            const node = item.node as { selector?: string } | undefined;
            return `layout shift: ${node?.selector ?? "?"}`;
          })
        : [];
    return {
      scores: Object.fromEntries(
        Object.values(lhr.categories).map((c) => [c.id, Math.round((c.score ?? 0) * 100)] as const),
      ),
      cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? 1,
      tbt: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
      luminance: shot?.type === "screenshot" ? await luminance(shot.data) : Number.NaN,
      failing: Object.values(lhr.audits)
        .filter(
          (a) => a.score !== null && a.score < 1 && ["binary", "numeric", "metricSavings"].includes(a.scoreDisplayMode),
        )
        .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ""}`)
        .concat(moved),
    };
  } catch (error) {
    console.log(`  Lighthouse ${url} (${cell.theme}, ${cell.width}) failed: ${error}`);
    return null;
  } finally {
    await page.close();
  }
}
