import type { ClientDirective } from "astro";
import { wantsIslandsAtOnce } from "../../lib/session";

/**
 * `client:interact`: an island hydrates when the visitor first shows intent (a pointer, a touch,
 * a key, a focus, a scroll), not when the page loads. A reader who only reads never downloads or
 * runs React: on a slow phone that is most of the work the page would do, and the pre-rendered
 * island already shows what a signed-out visitor sees. A visitor with a session, or with a
 * message waiting for the header, gets the islands as soon as the browser is idle instead.
 *
 * A first tap usually lands before the island's script has arrived. A click on a button (or a
 * checkbox), a form's submit and a select's change inside the island are therefore held and
 * replayed once it has hydrated; React then hydrates the target at once and handles the event.
 * Links are left alone: they navigate, and the server answers every one of them. Text typed
 * before then is in the boxes only: it is handed to the island as typed (keepTyped).
 */
const INTENT = ["pointerdown", "pointermove", "touchstart", "keydown", "focusin", "wheel", "scroll"] as const;
const HELD = ["click", "submit", "change"] as const;
const listening = { capture: true, passive: true } as const;

/**
 * A box typed into before its island hydrated holds the text, the island's state does not: the
 * island's next render would put its own value back over it. Each such box is set back to the
 * value the page was drawn with while React hydrates (on that first event), then given the text
 * again as an input React takes as a change, as if typed after hydration.
 */
function keepTyped(island: HTMLElement) {
  for (const box of island.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")) {
    const typed = box.value;
    if (
      typed === box.defaultValue ||
      /^(checkbox|radio|file)$/.test(box.type) ||
      box.closest("astro-island") !== island
    )
      continue;
    const { selectionStart, selectionEnd } = box;
    box.value = box.defaultValue;
    box.dispatchEvent(new Event("input", { bubbles: true }));
    // The element's own setter: React's watches `value` on the box and would take this for its own.
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(box), "value")?.set?.call(box, typed);
    if (selectionStart !== null && selectionEnd !== null) box.setSelectionRange(selectionStart, selectionEnd);
    box.dispatchEvent(new Event("input", { bubbles: true }));
  }
}

const interact: ClientDirective = (load, _options, island) => {
  let replay: (() => void) | null = null;
  let started = false;

  const hold = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (event.type === "click") {
      const control = target?.closest<HTMLButtonElement | HTMLInputElement>(
        "button, input[type=checkbox], input[type=radio]",
      );
      if (!control || control.disabled || !island.contains(control)) return;
      event.preventDefault();
      replay = () => control.click();
    } else if (event.type === "submit" && target instanceof HTMLFormElement) {
      event.preventDefault();
      replay = () => target.requestSubmit();
    } else if (event.type === "change" && target instanceof HTMLSelectElement) {
      replay = () => target.dispatchEvent(new Event("change", { bubbles: true }));
    }
    void start();
  };

  async function start() {
    if (started) return;
    started = true;
    for (const type of INTENT) window.removeEventListener(type, start, listening);
    const hydrate = await load();
    await hydrate();
    keepTyped(island);
    for (const type of HELD) island.removeEventListener(type, hold, true);
    const held = replay;
    replay = null;
    held?.();
  }

  const whenIdle = () => {
    if ("requestIdleCallback" in window) window.requestIdleCallback(() => void start(), { timeout: 2000 });
    else setTimeout(() => void start(), 200);
  };
  for (const type of HELD) island.addEventListener(type, hold, true);
  if (wantsIslandsAtOnce()) return whenIdle();
  for (const type of INTENT) window.addEventListener(type, start, listening);
  // A page whose other islands load React anyway (the account, the pricing page) gains nothing by
  // waiting, and its islands may open the header's sign-in dialog on their own.
  const eagerPage = () => {
    if (document.querySelector('astro-island:is([client="load"], [client="only"])')) whenIdle();
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", eagerPage, { once: true });
  else eagerPage();
};

export default interact;
