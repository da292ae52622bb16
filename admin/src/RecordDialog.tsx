import { Button, Dialog, DialogActions, DialogTitle, type Theme, useMediaQuery } from "@mui/material";
import { type ComponentType, type ReactNode, useId } from "react";
import { SaveButton, useNotify, useRedirect, useRefresh, useResourceContext } from "react-admin";

function useClose() {
  const resource = useResourceContext();
  const redirect = useRedirect();
  return () => redirect("list", resource);
}

/**
 * A resource's create or edit page drawn as a dialog over its list (SPEC §2: editing opens a
 * dialog). The page keeps its own address (/admin/tools/12), and closing it returns to the list,
 * whose filters, sort and page react-admin restores.
 */
export function RecordDialog({
  list: List,
  title,
  children,
}: {
  list: ComponentType;
  title: string;
  children: ReactNode;
}) {
  const close = useClose();
  const titleId = useId();
  // A phone gives the form the whole screen rather than a dialog's margins.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"));
  return (
    <>
      <List />
      <Dialog open onClose={close} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        {children}
      </Dialog>
    </>
  );
}

/** The dialog form's toolbar: Cancel, and the save button; it stays in view while the form scrolls. */
export function DialogToolbar({ saveLabel }: { saveLabel: string }) {
  const close = useClose();
  return (
    <DialogActions
      sx={{
        position: "sticky",
        bottom: 0,
        zIndex: 2,
        bgcolor: "background.paper",
        borderTop: 1,
        borderColor: "divider",
      }}
    >
      <Button onClick={close}>Cancel</Button>
      <SaveButton label={saveLabel} alwaysEnable />
    </DialogActions>
  );
}

/**
 * Save handlers for a dialog (SPEC §4: after a save, lists reload and the dialog closes): the
 * success text may depend on the server's answer; a failure shows the server's detail, else
 * `failure`.
 */
export function useDialogMutation(success: (data: unknown) => string, failure: string) {
  const notify = useNotify();
  const refresh = useRefresh();
  const close = useClose();
  return {
    onSuccess: (data: unknown) => {
      notify(success(data), { type: "success" });
      close();
      refresh();
    },
    onError: (error: unknown) => notify((error as Error)?.message || failure, { type: "error" }),
  };
}
