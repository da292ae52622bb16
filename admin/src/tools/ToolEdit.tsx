import { EditBase } from "react-admin";
import AddDealButton from "../deals/AddDealButton";
import { DialogToolbar, RecordDialog, useDialogMutation } from "../RecordDialog";
import { fromForm, ToolForm, toForm } from "./ToolForm";
import ToolList from "./ToolList";

/** Editing a tool: the five-tab dialog with Cancel and Save Changes (SPEC §2). */
export default function ToolEdit() {
  const mutationOptions = useDialogMutation(() => "Tool updated successfully", "Failed to update tool");
  return (
    <RecordDialog list={ToolList} title="Edit tool">
      <EditBase
        mutationMode="pessimistic"
        transform={fromForm}
        queryOptions={{ select: toForm as never }}
        mutationOptions={mutationOptions}
        redirect={false}
      >
        <AddDealButton />
        <ToolForm toolbar={<DialogToolbar saveLabel="Save Changes" />} />
      </EditBase>
    </RecordDialog>
  );
}
