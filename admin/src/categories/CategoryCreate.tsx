import { CreateBase } from "react-admin";
import { renumberFaq } from "../FaqInput";
import { RecordDialog, useDialogMutation } from "../RecordDialog";
import { CategoryForm } from "./CategoryForm";
import CategoryList from "./CategoryList";

export default function CategoryCreate() {
  const mutationOptions = useDialogMutation(() => "Category created successfully", "Failed to save category");
  return (
    <RecordDialog list={CategoryList} title="New category">
      <CreateBase transform={renumberFaq} mutationOptions={mutationOptions} redirect={false}>
        <CategoryForm creating />
      </CreateBase>
    </RecordDialog>
  );
}
