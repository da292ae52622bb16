import type { ReactNode, Ref } from "react";

/**
 * The site's modal frame (sign-in, password reset, account deletion): a backdrop whose click
 * closes it, a labelled dialog with its title, and a ✕ button unless `closeButton` is false.
 * Escape is left to the caller, which knows whether closing is allowed at that moment.
 */
export function Dialog({
  id,
  title,
  onClose,
  closeButton = true,
  children,
}: {
  /** Prefix of the title's id, unique on the page. */
  id: string;
  title: string;
  onClose: () => void;
  closeButton?: boolean;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop closes the dialog; Escape or a button does the same from the keyboard.
    <div className="dialog-backdrop" role="presentation" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`}>
        {closeButton ? (
          <button type="button" className="btn btn-ghost btn-icon dialog-close" aria-label="Close" onClick={onClose}>
            ✕
          </button>
        ) : null}
        <h2 id={`${id}-title`}>{title}</h2>
        {children}
      </div>
    </div>
  );
}

/** The e-mail field of the sign-in and password-reset dialogs (focused through `inputRef`). */
export function EmailField({
  id,
  value,
  onChange,
  inputRef,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  inputRef: Ref<HTMLInputElement>;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>Email</label>
      <input
        ref={inputRef}
        id={id}
        className="input"
        type="email"
        required
        autoComplete="email"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
