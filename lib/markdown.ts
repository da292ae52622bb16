import MarkdownIt from "markdown-it";

type Md = InstanceType<typeof MarkdownIt>;

import { sanitizeLinkUrl } from "./url";

type Options = { /** true: raw HTML is dropped; false: it is shown as text. */ skipHtml?: boolean; ugc?: boolean };

function createRenderer({ skipHtml = false, ugc = false }: Options): Md {
  // html: false makes markdown-it escape raw HTML, so it is shown as text and never runs.
  const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
  md.normalizeLink = (url) => sanitizeLinkUrl(url);
  md.validateLink = () => true;
  if (skipHtml) {
    md.renderer.rules.html_block = () => "";
    md.renderer.rules.html_inline = () => "";
    // With html disabled markdown-it emits HTML as text tokens; strip tag-like text instead.
    const text = md.renderer.rules.text;
    md.renderer.rules.text = (tokens, idx, options, env, self) => {
      const token = tokens[idx];
      if (token) token.content = token.content.replace(/<\/?[a-z][^>]*>/gi, "");
      return text ? text(tokens, idx, options, env, self) : md.utils.escapeHtml(token?.content ?? "");
    };
  }
  const rel = ugc ? "noopener nofollow ugc" : "noopener";
  const linkOpen = md.renderer.rules.link_open;
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    const token = tokens[idx];
    const target = token ? offSite(String(token.attrGet("href") ?? "")) : null;
    if (token && target) {
      if (target === "web") token.attrSet("target", "_blank");
      token.attrSet("rel", rel);
    }
    return linkOpen ? linkOpen(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
  };
  // No page makes a visitor's browser ask another host for an image (SECURITY.md): an image from
  // elsewhere is a link to it, named by its alternative text. The site's own stay images.
  const image = md.renderer.rules.image;
  md.renderer.rules.image = (tokens, idx, options, env, self) => {
    const token = tokens[idx];
    const src = String(token?.attrGet("src") ?? "");
    if (!token || offSite(src) === null) return image ? image(tokens, idx, options, env, self) : "";
    const alt = self.renderInlineAsText(token.children ?? [], options, env) || src;
    const e = md.utils.escapeHtml;
    const web = offSite(src) === "web" ? ' target="_blank"' : "";
    return `<a href="${e(src)}"${web} rel="${rel}">${e(alt)}</a>`;
  };
  return md;
}

const HERE = "https://this-site.invalid";

/**
 * Where a link leads, judged as a browser would resolve it from one of our pages: null when it
 * stays on this site (a path, a query, a fragment), "web" for another site over http(s) (also
 * written protocol-relative, //evil.example, or with a backslash, /\evil.example, which
 * browsers read the same way), "other" for any other scheme (mailto:, xmpp:, ...).
 */
function offSite(href: string): "web" | "other" | null {
  let url: URL;
  try {
    url = new URL(href, `${HERE}/page/`);
  } catch {
    return null;
  }
  if (url.origin === HERE) return null;
  return url.protocol === "http:" || url.protocol === "https:" ? "web" : "other";
}

const renderers = new Map<string, Md>();

/** The one markdown renderer for tool descriptions, category long-form and articles. */
export function renderMarkdown(source: string, options: Options = {}): string {
  const key = `${options.skipHtml ? 1 : 0}${options.ugc ? 1 : 0}`;
  let md = renderers.get(key);
  if (!md) {
    md = createRenderer(options);
    renderers.set(key, md);
  }
  return md.render(source ?? "");
}
