import { EditBase } from "react-admin";
import { RecordDialog, useDialogMutation } from "../RecordDialog";
import { ComparisonForm } from "./ComparisonForm";
import ComparisonList from "./ComparisonList";

export default function ComparisonEdit() {
  const mutationOptions = useDialogMutation(() => "Comparison updated", "Failed to save comparison");
  return (
    <RecordDialog list={ComparisonList} title="Edit comparison">
      <EditBase mutationMode="pessimistic" mutationOptions={mutationOptions} redirect={false}>
        <ComparisonForm creating={false} />
      </EditBase>
    </RecordDialog>
  );
}
