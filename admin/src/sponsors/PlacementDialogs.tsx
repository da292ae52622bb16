import { CreateBase, EditBase } from "react-admin";
import { RecordDialog, useDialogMutation } from "../RecordDialog";
import { PlacementForm } from "./PlacementForm";
import PlacementList from "./PlacementList";

export function PlacementCreate() {
  const mutationOptions = useDialogMutation(() => "Placement created", "Failed to save placement");
  return (
    <RecordDialog list={PlacementList} title="New placement">
      <CreateBase mutationOptions={mutationOptions} redirect={false}>
        <PlacementForm creating />
      </CreateBase>
    </RecordDialog>
  );
}

export function PlacementEdit() {
  const mutationOptions = useDialogMutation(() => "Placement updated", "Failed to save placement");
  return (
    <RecordDialog list={PlacementList} title="Edit placement">
      <EditBase mutationMode="pessimistic" mutationOptions={mutationOptions} redirect={false}>
        <PlacementForm creating={false} />
      </EditBase>
    </RecordDialog>
  );
}
