/**
 * The site's stylesheet, inlined in every page's head so it does not block the first paint. The
 * layout writes it itself, with its CSP hash computed once per process: left to Astro, the hash
 * of the same 18 KB was computed again for every page, about 5% of a full build's time.
 */
import { createHash } from "node:crypto";
import compactLayout from "../styles/compact-layout.css?inline";
import global from "../styles/global.css?inline";

const css = `${global}\n${compactLayout}`;

export const STYLESHEET: string = css;
export const STYLESHEET_HASH = `sha256-${createHash("sha256").update(css).digest("base64")}`;
