/**
 * A tool page's view beacon (docs/decisions/011-owner-analytics.md): one request per page shown,
 * no cookie and nothing stored in the browser. A page the browser only prerendered counts once it
 * is actually shown.
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
