import { CreateBase } from "react-admin";
import { RecordDialog, useDialogMutation } from "../RecordDialog";
import { ArticleForm, savedMessage, toArticleBody } from "./ArticleForm";
import ArticleList from "./ArticleList";

export default function ArticleCreate() {
  const mutationOptions = useDialogMutation(savedMessage("created"), "Failed to save article");
  return (
    <RecordDialog list={ArticleList} title="New article">
      <CreateBase transform={toArticleBody} mutationOptions={mutationOptions} redirect={false}>
        <ArticleForm creating />
      </CreateBase>
    </RecordDialog>
  );
}
