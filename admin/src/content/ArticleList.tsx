import { Stack, Typography } from "@mui/material";
import { useState } from "react";
import {
  Button,
  Datagrid,
  DateField,
  DeleteWithConfirmButton,
  FunctionField,
  List,
  TextField,
  TopToolbar,
  useNotify,
} from "react-admin";
import ArticleDialog from "./ArticleDialog";

type ArticleRecord = { id: number; title: string; is_template: boolean };

function Empty({ onCreate }: { onCreate: () => void }) {
  return (
    <Stack spacing={2} sx={{ p: 6, alignItems: "center" }}>
      <Typography>No articles yet. Create your first article!</Typography>
      <Button label="Create" variant="contained" onClick={onCreate} />
    </Stack>
  );
}

/** Content Management: articles and programmatic-SEO templates. */
export default function ArticleList() {
  const notify = useNotify();
  const [dialog, setDialog] = useState<{ id: number | null } | null>(null);
  return (
    <>
      <List
        title="Content Management"
        sort={{ field: "created_at", order: "DESC" }}
        perPage={25}
        actions={
          <TopToolbar>
            <Button label="Create" variant="contained" onClick={() => setDialog({ id: null })} />
          </TopToolbar>
        }
        empty={<Empty onCreate={() => setDialog({ id: null })} />}
        queryOptions={{ onError: () => notify("Failed to fetch articles", { type: "error" }) }}
      >
        <Datagrid rowClick={false} bulkActionButtons={false}>
          <TextField source="title" label="Title" />
          <TextField source="status" label="Status" />
          <FunctionField
            label="Type"
            sortBy="is_template"
            render={(r: ArticleRecord) => (r.is_template ? "Template" : "Article")}
          />
          <DateField source="created_at" label="Created" />
          <FunctionField
            label="Actions"
            render={(r: ArticleRecord) => (
              <Stack direction="row" spacing={1}>
                <Button label="Edit" onClick={() => setDialog({ id: r.id })} />
                <DeleteWithConfirmButton
                  confirmTitle={`Delete ${r.title}`}
                  confirmContent="Are you sure you want to delete this article?"
                  mutationMode="pessimistic"
                  mutationOptions={{
                    onSuccess: () => notify("Article deleted successfully", { type: "success" }),
                    onError: () => notify("Failed to delete article", { type: "error" }),
                  }}
                />
              </Stack>
            )}
          />
        </Datagrid>
      </List>
      {dialog ? <ArticleDialog id={dialog.id} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
