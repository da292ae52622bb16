import { CreateBase } from "react-admin";
import { RecordDialog, useDialogMutation } from "../RecordDialog";
import { TagForm } from "./TagForm";
import TagList from "./TagList";

export default function TagCreate() {
  const mutationOptions = useDialogMutation(() => "Tag created", "Failed to save tag");
  return (
    <RecordDialog list={TagList} title="New tag">
      <CreateBase mutationOptions={mutationOptions} redirect={false}>
        <TagForm creating />
      </CreateBase>
    </RecordDialog>
  );
}
