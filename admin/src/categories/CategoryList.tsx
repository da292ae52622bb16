import { Box, Card, CardActions, CardContent, Grid, Typography } from "@mui/material";
import { useState } from "react";
import {
  Button,
  DeleteWithConfirmButton,
  ListBase,
  RecordContextProvider,
  Title,
  TopToolbar,
  useListContext,
  useNotify,
} from "react-admin";
import CategoryDialog from "./CategoryDialog";

type CategoryRecord = {
  id: number;
  name: string;
  slug: string;
  description: string;
  faq: unknown[];
  tool_count?: number;
};

function Cards({ onEdit }: { onEdit: (id: number) => void }) {
  const { data, isPending } = useListContext<CategoryRecord>();
  const notify = useNotify();
  if (isPending) return null;
  return (
    <Grid container spacing={2}>
      {(data ?? []).map((c) => (
        <Grid key={c.id} size={{ xs: 12, sm: 6, md: 4 }}>
          <RecordContextProvider value={c}>
            <Card sx={{ height: "100%", display: "flex", flexDirection: "column" }}>
              <CardContent sx={{ flex: 1 }}>
                <Typography variant="h6" component="h2">
                  {c.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  /{c.slug}
                </Typography>
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {c.description}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {c.faq?.length ?? 0} FAQs · {c.tool_count ?? 0} tools
                </Typography>
              </CardContent>
              <CardActions>
                <Button label="Edit" onClick={() => onEdit(c.id)} />
                <DeleteWithConfirmButton
                  confirmTitle={`Delete ${c.name}`}
                  confirmContent="Are you sure? This will NOT delete tools in this category."
                  mutationMode="pessimistic"
                  redirect={false}
                  mutationOptions={{
                    onSuccess: () => notify("Category deleted", { type: "success" }),
                    onError: () => notify("Failed to delete category", { type: "error" }),
                  }}
                />
              </CardActions>
            </Card>
          </RecordContextProvider>
        </Grid>
      ))}
    </Grid>
  );
}

/** Manage Categories: a card grid with create, edit and delete. */
export default function CategoryList() {
  const notify = useNotify();
  const [dialog, setDialog] = useState<{ id: number | null } | null>(null);
  return (
    <ListBase
      resource="categories"
      perPage={1000}
      sort={{ field: "name", order: "ASC" }}
      queryOptions={{ onError: () => notify("Failed to fetch categories", { type: "error" }) }}
    >
      <Title title="Manage Categories" />
      <TopToolbar>
        <Button label="New category" variant="contained" onClick={() => setDialog({ id: null })} />
      </TopToolbar>
      <Box sx={{ p: 1 }}>
        <Cards onEdit={(id) => setDialog({ id })} />
      </Box>
      {dialog ? <CategoryDialog id={dialog.id} onClose={() => setDialog(null)} /> : null}
    </ListBase>
  );
}
