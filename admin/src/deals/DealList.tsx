import { CreateButton, DataTable, DateField, DeleteWithConfirmButton, EditButton, List, TopToolbar } from "react-admin";

/** Every tool's deal, soonest ending first (an ended one goes at the deal job's next pass). */
export default function DealList() {
  return (
    <List
      title="Deals"
      pagination={false}
      actions={
        <TopToolbar>
          <CreateButton label="New deal" />
        </TopToolbar>
      }
    >
      <DataTable bulkActionButtons={false}>
        <DataTable.Col source="tool_name" label="Tool" />
        <DataTable.Col source="code" label="Code" />
        <DataTable.Col source="url" label="Link" />
        <DataTable.Col source="description" />
        <DataTable.Col label="Ends">
          <DateField source="ends_at" showTime />
        </DataTable.Col>
        <DataTable.Col label="Actions">
          <EditButton />
          <DeleteWithConfirmButton confirmTitle="Remove this deal" mutationMode="pessimistic" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
