import { Box, Chip, Stack } from "@mui/material";
import {
  CreateButton,
  DataTable,
  List,
  NullableBooleanInput,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TopToolbar,
  useNotify,
} from "react-admin";
import RowActions from "../RowActions";
import CsvButtons from "./CsvButtons";
import { PRICING_CHOICES } from "./fields";
import ToolLogo from "./ToolLogo";

type ToolRecord = {
  id: number;
  name: string;
  slug: string;
  logo_url: string;
  category_name: string | null;
  pricing_type: string;
  is_featured: boolean;
  saves_count: number;
  affiliate_clicks: number;
};

// Always shown: the server filters, so there is nothing to gain from hiding them behind a menu.
const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput
    key="category"
    source="category_id"
    reference="categories"
    perPage={500}
    sort={{ field: "name", order: "ASC" }}
    alwaysOn
  >
    <SelectInput optionText="name" label="Category" />
  </ReferenceInput>,
  <SelectInput key="pricing" source="pricing_type" label="Pricing" choices={PRICING_CHOICES} alwaysOn />,
  <NullableBooleanInput key="featured" source="is_featured" label="Featured" alwaysOn />,
];

function ToolActions() {
  return (
    <TopToolbar>
      <CreateButton />
      <CsvButtons />
    </TopToolbar>
  );
}

function Actions() {
  return (
    <RowActions
      label={(record) => String(record?.name ?? "")}
      confirm="Are you sure you want to delete this tool?"
      deleted="Tool deleted"
      failed="Failed to delete tool"
    />
  );
}

/** Manage Tools: the catalogue table (searched, filtered, sorted and paged by the server) and CSV import/export. */
export default function ToolList() {
  const notify = useNotify();
  return (
    <List
      title="Manage Tools"
      filters={filters}
      sort={{ field: "id", order: "DESC" }}
      perPage={25}
      actions={<ToolActions />}
      queryOptions={{ onError: () => notify("Failed to fetch tools", { type: "error" }) }}
    >
      <DataTable<ToolRecord> rowClick={false} bulkActionButtons={false}>
        <DataTable.Col
          label="Tool"
          source="name"
          render={(r) => (
            <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
              <ToolLogo name={r.name} src={r.logo_url} />
              <Box>
                <div>{r.name}</div>
                <Box component="small" sx={{ color: "text.secondary" }}>
                  /{r.slug}
                </Box>
              </Box>
            </Stack>
          )}
        />
        <DataTable.Col label="Category" source="category_name" render={(r) => r.category_name ?? "Uncategorized"} />
        <DataTable.Col label="Pricing" source="pricing_type" />
        <DataTable.Col
          label="Featured"
          source="is_featured"
          render={(r) => (r.is_featured ? <Chip label="Featured" size="small" color="warning" /> : null)}
        />
        <DataTable.NumberCol label="Saves" source="saves_count" />
        <DataTable.NumberCol label="Clicks" source="affiliate_clicks" />
        <DataTable.Col label="Actions" disableSort render={() => <Actions />} />
      </DataTable>
    </List>
  );
}
