// The keys and buttons of undo and redo: Ctrl+Z undoes, Ctrl+Y and Ctrl+Shift+Z redo (Cmd for
// Ctrl on macOS), as in Excel. While a text box has the focus (the formula bar, the name box, the
// builder's fields) the keys are left to it: its own undo takes back the typing there.
import type { Cell } from "./address";
import type { Grid } from "./grid";
import type { History } from "./history";

const MAC = /Macintosh|iPhone|iPad/.test(navigator.userAgent);
const MOD = MAC ? "Cmd" : "Ctrl";

function typingIn(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLElement && target.isContentEditable)
  );
}

export function attachUndo(history: History, grid: Grid, undoButton: HTMLButtonElement, redoButton: HTMLButtonElement): void {
  // The selection moves to the cell the step changed, so the formula bar shows its text again.
  const go = (cell: Cell | undefined) => {
    if (cell) grid.select(cell);
  };
  const undo = () => go(history.undo());
  const redo = () => go(history.redo());

  const refresh = () => {
    const next = history.nextUndo();
    const again = history.nextRedo();
    undoButton.disabled = next === undefined;
    redoButton.disabled = again === undefined;
    undoButton.title = next ? `Undo ${next} (${MOD}+Z)` : "Nothing to undo";
    redoButton.title = again ? `Redo ${again} (${MOD}+Y)` : "Nothing to redo";
  };
  history.onChange(refresh);
  refresh();
  undoButton.setAttribute("aria-keyshortcuts", MAC ? "Meta+Z" : "Control+Z");
  redoButton.setAttribute("aria-keyshortcuts", MAC ? "Meta+Shift+Z Meta+Y" : "Control+Y Control+Shift+Z");
  undoButton.addEventListener("click", undo);
  redoButton.addEventListener("click", redo);

  document.addEventListener("keydown", (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || typingIn(e.target)) return;
    const key = e.key.toLowerCase();
    if (key === "z" && !e.shiftKey) undo();
    else if (key === "y" || (key === "z" && e.shiftKey)) redo();
    else return;
    e.preventDefault();
  });
}
