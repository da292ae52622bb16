import { EditBase } from "react-admin";
import { RecordDialog, useDialogMutation } from "../RecordDialog";
import { TagForm } from "./TagForm";
import TagList from "./TagList";

/** Editing a tag; renaming it moves its page to the slug of the new name. */
export default function TagEdit() {
  const mutationOptions = useDialogMutation(() => "Tag updated", "Failed to save tag");
  return (
    <RecordDialog list={TagList} title="Edit tag">
      <EditBase mutationMode="pessimistic" mutationOptions={mutationOptions} redirect={false}>
        <TagForm creating={false} />
      </EditBase>
    </RecordDialog>
  );
}
