/**
 * The phone header's menu: a disclosure button that shows the main navigation. While open, Tab
 * and Shift+Tab cycle through the button and the menu's controls, Escape closes it and gives focus
 * back to the button, and a click elsewhere closes it. Wider screens show the links inline and
 * hide the button (site/styles/global.css), which closes the menu.
 */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';
const PHONE = matchMedia("(max-width: 639.98px)");

const button = document.querySelector<HTMLButtonElement>("[data-menu-button]");
const menu = button && document.getElementById(button.getAttribute("aria-controls") ?? "");
const header = button?.closest("header");

if (button && menu && header) {
  const isOpen = () => button.getAttribute("aria-expanded") === "true";
  const setOpen = (open: boolean) => {
    button.setAttribute("aria-expanded", String(open));
    menu.classList.toggle("open", open);
  };
  const close = (returnFocus: boolean) => {
    if (!isOpen()) return;
    setOpen(false);
    if (returnFocus) button.focus();
  };
  // Asked each time: the session's buttons render into the menu after the page loads.
  const stops = () => [
    button,
    ...[...menu.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0),
  ];

  button.addEventListener("click", () => setOpen(!isOpen()));
  header.addEventListener("keydown", (event) => {
    if (!isOpen()) return;
    if (event.key === "Escape") {
      event.preventDefault();
      close(true);
      return;
    }
    if (event.key !== "Tab") return;
    const all = stops();
    const first = all[0];
    const last = all[all.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  });
  document.addEventListener("click", (event) => {
    if (isOpen() && event.target instanceof Node && !header.contains(event.target)) close(false);
  });
  PHONE.addEventListener("change", () => close(false));
  // A button of the menu that opens a dialog (Log In, Sign Up) closes the menu behind it: the
  // dialog renders into <body>, and focus is the dialog's, not the menu's.
  new MutationObserver(() => {
    if (isOpen() && document.querySelector('body > * [role="dialog"], body > dialog[open]')) close(false);
  }).observe(document.body, { childList: true });
}
