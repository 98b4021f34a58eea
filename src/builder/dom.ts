// The few DOM steps the builder repeats, written with what EdgeHTML has too (Excel's web view on
// Windows without WebView2 lacks Element.replaceChildren, a 2020 addition).

/** A new element of `tag` at the end of `parent`. */
export function element<K extends keyof HTMLElementTagNameMap>(parent: HTMLElement, tag: K, className?: string): HTMLElementTagNameMap[K] {
  const el = parent.appendChild(document.createElement(tag));
  if (className) el.className = className;
  return el;
}

/** `parent`'s children replaced by `children`. */
export function replaceChildren(parent: HTMLElement, ...children: Node[]): void {
  while (parent.firstChild) parent.removeChild(parent.firstChild);
  for (const child of children) parent.appendChild(child);
}
