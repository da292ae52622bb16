import {
  CreateButton,
  DataTable,
  DeleteWithConfirmButton,
  EditButton,
  List,
  SearchInput,
  TopToolbar,
  useNotify,
  useRecordContext,
} from "react-admin";

type Row = { path: string };

/** The public page of a comparison (it goes live with the next update of the site). */
function PageLink() {
  const record = useRecordContext<Row>();
  if (!record) return null;
  return (
    <a href={record.path} target="_blank" rel="noreferrer">
      {record.path}
    </a>
  );
}

/** Admin-picked comparison pages; pages for the most-saved tools are made without one. */
export default function ComparisonList() {
  const notify = useNotify();
  return (
    <List
      title="Comparisons"
      sort={{ field: "created_at", order: "DESC" }}
      perPage={25}
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      actions={
        <TopToolbar>
          <CreateButton label="New comparison" />
        </TopToolbar>
      }
      queryOptions={{ onError: () => notify("Failed to fetch comparisons", { type: "error" }) }}
    >
      <DataTable bulkActionButtons={false}>
        <DataTable.Col source="tool_a_name" label="First tool" />
        <DataTable.Col source="tool_b_name" label="Second tool" />
        <DataTable.Col source="path" label="Page">
          <PageLink />
        </DataTable.Col>
        <DataTable.Col label="Actions">
          <EditButton />
          <DeleteWithConfirmButton confirmTitle="Delete this comparison" mutationMode="pessimistic" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
