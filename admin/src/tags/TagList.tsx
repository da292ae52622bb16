import { Stack } from "@mui/material";
import { CreateButton, DataTable, List, SearchInput, TopToolbar, useNotify } from "react-admin";
import RowActions from "../RowActions";
import MergeButton from "./MergeButton";

function Actions() {
  return (
    <Stack direction="row" spacing={1}>
      <RowActions
        label={(record) => String(record?.name ?? "")}
        confirm="Are you sure? The tools keep everything else; only this tag is removed from them."
        deleted="Tag deleted"
        failed="Failed to delete tag"
      />
      <MergeButton />
    </Stack>
  );
}

/** Tags: names that cut across categories, each with a page of its tools. */
export default function TagList() {
  const notify = useNotify();
  return (
    <List
      title="Tags"
      sort={{ field: "name", order: "ASC" }}
      perPage={50}
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      actions={
        <TopToolbar>
          <CreateButton label="New tag" />
        </TopToolbar>
      }
      queryOptions={{ onError: () => notify("Failed to fetch tags", { type: "error" }) }}
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="slug" render={(r) => `/tag/${r.slug}`} />
        <DataTable.NumberCol source="tools_count" label="Tools" />
        <DataTable.Col label="Actions" disableSort render={() => <Actions />} />
      </DataTable>
    </List>
  );
}
