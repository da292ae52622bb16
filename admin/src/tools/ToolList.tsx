import { Box, Chip, Stack } from "@mui/material";
import { useState } from "react";
import {
  Button,
  Datagrid,
  DeleteWithConfirmButton,
  FunctionField,
  List,
  NumberField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  useNotify,
} from "react-admin";
import CsvButtons from "./CsvButtons";
import { PRICING_CHOICES } from "./fields";
import ToolEditDialog from "./ToolEditDialog";
import ToolLogo from "./ToolLogo";

type ToolRecord = {
  id: number;
  name: string;
  slug: string;
  logo_url: string;
  category_name: string | null;
  is_featured: boolean;
};

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput
    key="category"
    source="category_id"
    reference="categories"
    perPage={500}
    sort={{ field: "name", order: "ASC" }}
  >
    <SelectInput optionText="name" label="Category" />
  </ReferenceInput>,
  <SelectInput key="pricing" source="pricing_type" label="Pricing" choices={PRICING_CHOICES} />,
];

/** Manage Tools: the catalogue table, CSV import/export and the edit dialog. */
export default function ToolList() {
  const notify = useNotify();
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <>
      <List
        title="Manage Tools"
        filters={filters}
        sort={{ field: "id", order: "DESC" }}
        perPage={25}
        actions={
          <TopToolbar>
            <CsvButtons />
          </TopToolbar>
        }
        queryOptions={{ onError: () => notify("Failed to fetch tools", { type: "error" }) }}
      >
        <Datagrid rowClick={false} bulkActionButtons={false}>
          <FunctionField
            label="Tool"
            sortBy="name"
            render={(r: ToolRecord) => (
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
          <FunctionField
            label="Category"
            sortBy="category_name"
            render={(r: ToolRecord) => r.category_name ?? "Uncategorized"}
          />
          <TextField source="pricing_type" label="Pricing" />
          <FunctionField
            label="Featured"
            sortBy="is_featured"
            render={(r: ToolRecord) => (r.is_featured ? <Chip label="Featured" size="small" color="warning" /> : null)}
          />
          <NumberField source="saves_count" label="Saves" />
          <NumberField source="affiliate_clicks" label="Clicks" />
          <FunctionField
            label="Actions"
            render={(r: ToolRecord) => (
              <Stack direction="row" spacing={1}>
                <Button label="Edit" onClick={() => setEditing(r.id)} />
                <DeleteWithConfirmButton
                  confirmTitle={`Delete ${r.name}`}
                  confirmContent="Are you sure you want to delete this tool?"
                  mutationMode="pessimistic"
                  mutationOptions={{
                    onSuccess: () => notify("Tool deleted", { type: "success" }),
                    onError: () => notify("Failed to delete tool", { type: "error" }),
                  }}
                />
              </Stack>
            )}
          />
        </Datagrid>
      </List>
      {editing != null ? <ToolEditDialog id={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
