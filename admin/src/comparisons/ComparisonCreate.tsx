import { CreateBase } from "react-admin";
import { RecordDialog, useDialogMutation } from "../RecordDialog";
import { ComparisonForm } from "./ComparisonForm";
import ComparisonList from "./ComparisonList";

export default function ComparisonCreate() {
  const mutationOptions = useDialogMutation(() => "Comparison created", "Failed to save comparison");
  return (
    <RecordDialog list={ComparisonList} title="New comparison">
      <CreateBase mutationOptions={mutationOptions} redirect={false}>
        <ComparisonForm creating />
      </CreateBase>
    </RecordDialog>
  );
}
