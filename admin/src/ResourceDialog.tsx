import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from "@mui/material";
import type { ReactNode } from "react";
import { CreateBase, EditBase, Form, SaveButton, useNotify, useRefresh } from "react-admin";

type Props = {
  resource: string;
  /** null creates a record; an id edits that record. */
  id: number | null;
  title: { create: string; edit: string };
  messages: { created: (data: unknown) => string; updated: (data: unknown) => string; failed: string };
  transform?: (data: Record<string, unknown>) => Record<string, unknown>;
  defaultValues?: Record<string, unknown>;
  onClose: () => void;
  children: ReactNode;
};

/**
 * A create/edit form in a dialog with Cancel and Save: on success it notifies, reloads the list
 * and closes (SPEC §4 "After any admin save"); on failure it shows the server's detail.
 */
export default function ResourceDialog({
  resource,
  id,
  title,
  messages,
  transform,
  defaultValues,
  onClose,
  children,
}: Props) {
  const notify = useNotify();
  const refresh = useRefresh();
  const creating = id == null;
  const mutationOptions = {
    onSuccess: (data: unknown) => {
      notify(creating ? messages.created(data) : messages.updated(data), { type: "success" });
      refresh();
      onClose();
    },
    onError: (error: unknown) => notify((error as Error)?.message || messages.failed, { type: "error" }),
  };
  const body = (
    <Form defaultValues={creating ? defaultValues : undefined}>
      <DialogTitle>{creating ? title.create : title.edit}</DialogTitle>
      <DialogContent dividers>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <SaveButton label={creating ? "Create" : "Save Changes"} alwaysEnable />
      </DialogActions>
    </Form>
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      {creating ? (
        <CreateBase resource={resource} transform={transform} mutationOptions={mutationOptions} redirect={false}>
          {body}
        </CreateBase>
      ) : (
        <EditBase
          resource={resource}
          id={id}
          mutationMode="pessimistic"
          transform={transform}
          mutationOptions={mutationOptions}
          redirect={false}
        >
          {body}
        </EditBase>
      )}
    </Dialog>
  );
}
