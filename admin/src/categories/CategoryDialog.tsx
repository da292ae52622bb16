import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from "@mui/material";
import { useEffect, useRef } from "react";
import { CreateBase, EditBase, Form, required, SaveButton, TextInput, useNotify, useRefresh } from "react-admin";
import { useFormContext, useWatch } from "react-hook-form";
import { categorySlug } from "../../../lib/slug";
import { FaqInput, renumberFaq } from "../FaqInput";

/** In create mode the slug follows the name until the admin edits the slug by hand. */
function SlugFromName({ creating }: { creating: boolean }) {
  const name = useWatch({ name: "name" }) as string | undefined;
  const { setValue } = useFormContext();
  const edited = useRef(false);
  useEffect(() => {
    if (creating && !edited.current) setValue("slug", categorySlug(name ?? "").replace(/^-+|-+$/g, ""));
  }, [creating, name, setValue]);
  return (
    <TextInput
      source="slug"
      validate={required()}
      helperText={creating ? "Derived from the name; you may edit it" : undefined}
      onChange={() => {
        edited.current = true;
      }}
      fullWidth
    />
  );
}

function Fields({ creating }: { creating: boolean }) {
  return (
    <>
      <TextInput source="name" validate={required()} fullWidth />
      <SlugFromName creating={creating} />
      <TextInput source="description" label="Short description" multiline fullWidth />
      <TextInput
        source="long_form_content"
        label="Long-form content (Markdown)"
        helperText="Shown at the top of the category page"
        multiline
        minRows={6}
        fullWidth
      />
      <FaqInput />
    </>
  );
}

/** Create or edit a category in a dialog. */
export default function CategoryDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const creating = id == null;
  const mutationOptions = {
    onSuccess: () => {
      notify(creating ? "Category created successfully" : "Category updated successfully", { type: "success" });
      refresh();
      onClose();
    },
    onError: (error: unknown) => notify((error as Error)?.message || "Failed to save category", { type: "error" }),
  };
  const body = (
    <Form>
      <DialogTitle>{creating ? "New category" : "Edit category"}</DialogTitle>
      <DialogContent dividers>
        <Fields creating={creating} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <SaveButton label={creating ? "Create" : "Save Changes"} alwaysEnable />
      </DialogActions>
    </Form>
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      {creating ? (
        <CreateBase resource="categories" transform={renumberFaq} mutationOptions={mutationOptions} redirect={false}>
          {body}
        </CreateBase>
      ) : (
        <EditBase
          resource="categories"
          id={id}
          mutationMode="pessimistic"
          transform={renumberFaq}
          mutationOptions={mutationOptions}
          redirect={false}
        >
          {body}
        </EditBase>
      )}
    </Dialog>
  );
}
