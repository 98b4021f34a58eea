// The side panel (chart, builder, settings) on a narrow window: below NARROW_PX it is a drawer
// over the grid behind a toggle in the header, so the grid keeps the width for its columns (at
// 1024 px a fixed panel left room for one). Wider, the panel is always beside the grid and the
// toggle is hidden (playground.css). The drawer stays open while cells are clicked, so the
// builder can insert into the cell picked behind it; the toggle or Escape closes it.

/** Kept equal to the width in playground.css's media query. */
export const NARROW_PX = 1200;

export function attachPanel(toggle: HTMLButtonElement, panel: HTMLElement): void {
  const narrow = window.matchMedia(`(max-width: ${NARROW_PX - 1}px)`);
  const set = (open: boolean) => {
    toggle.setAttribute("aria-expanded", String(open));
    panel.classList.toggle("open", open);
  };
  set(false);
  toggle.addEventListener("click", () => {
    const open = toggle.getAttribute("aria-expanded") !== "true";
    set(open);
    // A keyboard user lands in the drawer, whose content follows the grid in the tab order.
    if (open) panel.focus();
  });
  panel.addEventListener("keydown", (e) => {
    if (e.key !== "Escape" || !narrow.matches || toggle.getAttribute("aria-expanded") !== "true") return;
    set(false);
    toggle.focus();
  });
}
