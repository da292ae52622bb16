/**
 * Counts each sponsor a page shows, once per page view, with a cookie-less beacon (no identifier
 * is sent or kept): the buyer and the admin see how often their slot was shown.
 */
for (const slot of document.querySelectorAll<HTMLElement>("[data-sponsor-id]")) {
  const id = slot.dataset.sponsorId;
  if (id && /^\d+$/.test(id)) navigator.sendBeacon(`/api/sponsors/${id}/impression`);
}
