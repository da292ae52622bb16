import { CreateBase } from "react-admin";
import { DialogToolbar, RecordDialog, useDialogMutation } from "../RecordDialog";
import { fromForm, ToolForm } from "./ToolForm";
import ToolList from "./ToolList";

/** Adding one tool by hand, in the same five tabs as editing; the server derives the slug. */
export default function ToolCreate() {
  const mutationOptions = useDialogMutation(() => "Tool created successfully", "Failed to create tool");
  return (
    <RecordDialog list={ToolList} title="New tool">
      <CreateBase transform={fromForm} mutationOptions={mutationOptions} redirect={false}>
        <ToolForm toolbar={<DialogToolbar saveLabel="Create" />} />
      </CreateBase>
    </RecordDialog>
  );
}
