import { EditBase } from "react-admin";
import { RecordDialog, useDialogMutation } from "../RecordDialog";
import { ArticleForm, savedMessage, toArticleBody } from "./ArticleForm";
import ArticleList from "./ArticleList";

export default function ArticleEdit() {
  const mutationOptions = useDialogMutation(savedMessage("updated"), "Failed to save article");
  return (
    <RecordDialog list={ArticleList} title="Edit article">
      <EditBase mutationMode="pessimistic" transform={toArticleBody} mutationOptions={mutationOptions} redirect={false}>
        <ArticleForm creating={false} />
      </EditBase>
    </RecordDialog>
  );
}
