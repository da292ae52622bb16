import {
  CreateButton,
  DataTable,
  DeleteWithConfirmButton,
  EditButton,
  FunctionField,
  List,
  TopToolbar,
} from "react-admin";
import { dollars, SPONSOR_KIND_NAMES, type SponsorKind } from "../../../lib/sponsors";

/** The placements sponsors can book, with their weekly price and how many run at once. */
export default function PlacementList() {
  return (
    <List
      title="Sponsor placements"
      pagination={false}
      actions={
        <TopToolbar>
          <CreateButton label="New placement" />
        </TopToolbar>
      }
    >
      <DataTable bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col label="Where">
          <FunctionField render={(r: { kind: SponsorKind }) => SPONSOR_KIND_NAMES[r.kind]} />
        </DataTable.Col>
        <DataTable.Col label="Price a week">
          <FunctionField render={(r: { weekly_price_cents: number }) => dollars(r.weekly_price_cents)} />
        </DataTable.Col>
        <DataTable.Col source="capacity" label="At once" />
        <DataTable.Col label="On sale">
          <FunctionField render={(r: { active: boolean }) => (r.active ? "Yes" : "No")} />
        </DataTable.Col>
        <DataTable.Col label="Actions">
          <EditButton />
          <DeleteWithConfirmButton confirmTitle="Delete this placement" mutationMode="pessimistic" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
