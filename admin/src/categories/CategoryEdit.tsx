import { EditBase } from "react-admin";
import { renumberFaq } from "../FaqInput";
import { RecordDialog, useDialogMutation } from "../RecordDialog";
import { CategoryForm } from "./CategoryForm";
import CategoryList from "./CategoryList";

export default function CategoryEdit() {
  const mutationOptions = useDialogMutation(() => "Category updated successfully", "Failed to save category");
  return (
    <RecordDialog list={CategoryList} title="Edit category">
      <EditBase mutationMode="pessimistic" transform={renumberFaq} mutationOptions={mutationOptions} redirect={false}>
        <CategoryForm creating={false} />
      </EditBase>
    </RecordDialog>
  );
}
