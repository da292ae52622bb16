import { useCallback, useEffect, useRef, useState } from "react";

/** `detail`: a second line under the message (what the action costs); `cancelLabel`: the button that keeps things as they are. */
type Options = { detail?: string; cancelLabel?: string };
type Ask = { message: string; confirmLabel: string; resolve: (yes: boolean) => void } & Options;

/**
 * The site's confirmation dialog in place of the browser's `confirm()`: the same look as the
 * sign-in dialog, a modal <dialog> (focus kept inside, Escape cancels). `confirm(message)`
 * resolves true on the confirm button, false on Cancel (or `cancelLabel`) or Escape.
 */
export function useConfirm() {
  const [ask, setAsk] = useState<Ask | null>(null);
  const confirm = useCallback(
    (message: string, confirmLabel = "Confirm", options: Options = {}) =>
      new Promise<boolean>((resolve) => setAsk({ message, confirmLabel, ...options, resolve })),
    [],
  );
  const close = (yes: boolean) => {
    ask?.resolve(yes);
    setAsk(null);
  };
  const dialog = ask ? <ConfirmDialog ask={ask} onClose={close} /> : null;
  return { confirm, dialog };
}

function ConfirmDialog({ ask, onClose }: { ask: Ask; onClose: (yes: boolean) => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    // It closes by being removed (not close()), which leaves focus nowhere: give it back.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = ref.current;
    dialog?.showModal();
    return () => {
      dialog?.close();
      opener?.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="dialog confirm-dialog"
      aria-labelledby="confirm-message"
      aria-describedby={ask.detail ? "confirm-detail" : undefined}
      onCancel={(e) => {
        e.preventDefault();
        onClose(false);
      }}
    >
      <p id="confirm-message">{ask.message}</p>
      {ask.detail ? (
        <p id="confirm-detail" className="hint">
          {ask.detail}
        </p>
      ) : null}
      <div className="actions-row" style={{ justifyContent: "flex-end" }}>
        <button type="button" className="btn btn-outline" onClick={() => onClose(false)}>
          {ask.cancelLabel ?? "Cancel"}
        </button>
        <button type="button" className="btn btn-danger" onClick={() => onClose(true)}>
          {ask.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
