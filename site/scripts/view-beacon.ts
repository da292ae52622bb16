/**
 * A tool page's view beacon (docs/decisions/011-owner-analytics.md): one request per page shown,
 * no cookie and nothing stored in the browser. A page the browser only prerendered counts once it
 * is actually shown. Visit Website clicks are counted here too, not by the sidebar island, so a
 * click before the island has hydrated (site/directives/interact.ts) counts as well.
 */
const id = document.querySelector<HTMLElement>("[data-view-beacon]")?.dataset.viewBeacon;

function send() {
  const url = `/api/tools/${id}/view`;
  if (navigator.sendBeacon?.(url)) return;
  void fetch(url, { method: "POST", keepalive: true, credentials: "omit" }).catch(() => {});
}

if (id && /^\d+$/.test(id)) {
  if ((document as Document & { prerendering?: boolean }).prerendering) {
    document.addEventListener("prerenderingchange", send, { once: true });
  } else send();
}

document.addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest<HTMLElement>("a[data-track-click]") : null;
  const tool = link?.dataset.trackClick;
  if (!tool || !/^\d+$/.test(tool)) return;
  // keepalive: the request outlives the page when the link opens in this tab.
  void fetch(`/api/tools/${tool}/track-click`, { method: "POST", keepalive: true }).catch(() => {});
});
