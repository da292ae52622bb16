/**
 * Static images marked data-fallback="remove" are removed when they fail to load, uncovering
 * what is behind them (a logo's monogram) or leaving no broken frame (an article's image).
 */
for (const img of document.querySelectorAll<HTMLImageElement>('img[data-fallback="remove"]')) {
  const remove = () => img.remove();
  if (img.complete && img.naturalWidth === 0) remove();
  else img.addEventListener("error", remove, { once: true });
}
