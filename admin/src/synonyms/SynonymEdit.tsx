import { EditBase } from "react-admin";
import { RecordDialog, useDialogMutation } from "../RecordDialog";
import { SynonymForm } from "./SynonymForm";
import SynonymList from "./SynonymList";

export default function SynonymEdit() {
  const mutationOptions = useDialogMutation(() => "Synonym updated", "Failed to save synonym");
  return (
    <RecordDialog list={SynonymList} title="Edit synonym">
      <EditBase mutationMode="pessimistic" mutationOptions={mutationOptions} redirect={false}>
        <SynonymForm creating={false} />
      </EditBase>
    </RecordDialog>
  );
}
