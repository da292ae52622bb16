import { CreateBase, EditBase } from "react-admin";
import { RecordDialog, useDialogMutation } from "../RecordDialog";
import { DealForm } from "./DealForm";
import DealList from "./DealList";

export function DealCreate() {
  const mutationOptions = useDialogMutation(() => "Deal created", "Failed to save deal");
  return (
    <RecordDialog list={DealList} title="New deal">
      <CreateBase mutationOptions={mutationOptions} redirect={false}>
        <DealForm creating />
      </CreateBase>
    </RecordDialog>
  );
}

export function DealEdit() {
  const mutationOptions = useDialogMutation(() => "Deal updated", "Failed to save deal");
  return (
    <RecordDialog list={DealList} title="Edit deal">
      <EditBase mutationMode="pessimistic" mutationOptions={mutationOptions} redirect={false}>
        <DealForm creating={false} />
      </EditBase>
    </RecordDialog>
  );
}
