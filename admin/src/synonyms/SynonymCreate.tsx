import { CreateBase } from "react-admin";
import { RecordDialog, useDialogMutation } from "../RecordDialog";
import { SynonymForm } from "./SynonymForm";
import SynonymList from "./SynonymList";

export default function SynonymCreate() {
  const mutationOptions = useDialogMutation(() => "Synonym created", "Failed to save synonym");
  return (
    <RecordDialog list={SynonymList} title="New synonym">
      <CreateBase mutationOptions={mutationOptions} redirect={false}>
        <SynonymForm creating />
      </CreateBase>
    </RecordDialog>
  );
}
