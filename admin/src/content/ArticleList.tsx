import { Stack, Typography } from "@mui/material";
import { CreateButton, DataTable, DateField, List, TopToolbar, useNotify } from "react-admin";
import RowActions from "../RowActions";

type ArticleRecord = { id: number; title: string; status: string; is_template: boolean; created_at: string };

function Empty() {
  return (
    <Stack spacing={2} sx={{ p: 6, alignItems: "center" }}>
      <Typography>No articles yet. Create your first article!</Typography>
      <CreateButton variant="contained" />
    </Stack>
  );
}

function Actions() {
  return (
    <RowActions
      label={(record) => String(record?.title ?? "")}
      confirm="Are you sure you want to delete this article?"
      deleted="Article deleted successfully"
      failed="Failed to delete article"
    />
  );
}

/** Content Management: articles and programmatic-SEO templates. */
export default function ArticleList() {
  const notify = useNotify();
  return (
    <List
      title="Content Management"
      sort={{ field: "created_at", order: "DESC" }}
      perPage={25}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
      empty={<Empty />}
      queryOptions={{ onError: () => notify("Failed to fetch articles", { type: "error" }) }}
    >
      <DataTable<ArticleRecord> rowClick={false} bulkActionButtons={false}>
        <DataTable.Col label="Title" source="title" />
        <DataTable.Col label="Status" source="status" />
        <DataTable.Col label="Type" source="is_template" render={(r) => (r.is_template ? "Template" : "Article")} />
        <DataTable.Col label="Created" source="created_at" field={DateField} />
        <DataTable.Col label="Actions" disableSort render={() => <Actions />} />
      </DataTable>
    </List>
  );
}
