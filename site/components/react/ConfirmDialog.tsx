import { useCallback, useEffect, useRef, useState } from "react";

type Ask = { message: string; confirmLabel: string; resolve: (yes: boolean) => void };

/**
 * The site's confirmation dialog in place of the browser's `confirm()`: the same look as the
 * sign-in dialog, a modal <dialog> (focus kept inside, Escape cancels). `confirm(message)`
 * resolves true on the confirm button, false on Cancel or Escape.
 */
export function useConfirm() {
  const [ask, setAsk] = useState<Ask | null>(null);
  const confirm = useCallback(
    (message: string, confirmLabel = "Confirm") =>
      new Promise<boolean>((resolve) => setAsk({ message, confirmLabel, resolve })),
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
    ref.current?.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      className="dialog confirm-dialog"
      aria-labelledby="confirm-message"
      onCancel={(e) => {
        e.preventDefault();
        onClose(false);
      }}
    >
      <p id="confirm-message">{ask.message}</p>
      <div className="actions-row" style={{ justifyContent: "flex-end" }}>
        <button type="button" className="btn btn-outline" onClick={() => onClose(false)}>
          Cancel
        </button>
        <button type="button" className="btn btn-danger" onClick={() => onClose(true)}>
          {ask.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
