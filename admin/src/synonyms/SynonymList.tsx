import {
  CreateButton,
  DataTable,
  DeleteWithConfirmButton,
  EditButton,
  List,
  SearchInput,
  TopToolbar,
  useNotify,
} from "react-admin";

/** Search synonyms: a visitor's word (term) also finds tools described with expands_to. */
export default function SynonymList() {
  const notify = useNotify();
  return (
    <List
      title="Search synonyms"
      sort={{ field: "term", order: "ASC" }}
      perPage={50}
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      actions={
        <TopToolbar>
          <CreateButton label="New synonym" />
        </TopToolbar>
      }
      queryOptions={{ onError: () => notify("Failed to fetch synonyms", { type: "error" }) }}
    >
      <DataTable bulkActionButtons={false}>
        <DataTable.Col source="term" label="A search for" />
        <DataTable.Col source="expands_to" label="also finds" />
        <DataTable.Col label="Actions">
          <EditButton />
          <DeleteWithConfirmButton confirmTitle="Delete this synonym" mutationMode="pessimistic" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
