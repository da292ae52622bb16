import { Card, CardActions, CardContent, Grid, Typography } from "@mui/material";
import {
  CreateButton,
  DeleteWithConfirmButton,
  EditButton,
  List,
  Pagination,
  RecordContextProvider,
  TopToolbar,
  useListContext,
  useNotify,
  useRefresh,
} from "react-admin";
import { plural } from "../../../lib/words";

type CategoryRecord = {
  id: number;
  name: string;
  slug: string;
  description: string;
  faq: unknown[];
  tool_count?: number;
};

function DeleteCategory({ name }: { name: string }) {
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <DeleteWithConfirmButton
      confirmTitle={`Delete ${name}`}
      confirmContent="Are you sure? This will NOT delete tools in this category."
      mutationMode="pessimistic"
      redirect={false}
      mutationOptions={{
        onSuccess: () => {
          notify("Category deleted", { type: "success" });
          refresh();
        },
        onError: () => notify("Failed to delete category", { type: "error" }),
      }}
    />
  );
}

function Cards() {
  const { data } = useListContext<CategoryRecord>();
  return (
    <Grid container spacing={2} sx={{ p: 1 }}>
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
                  {c.faq?.length ?? 0} {plural(c.faq?.length ?? 0, "FAQ")} · {c.tool_count ?? 0}{" "}
                  {plural(c.tool_count ?? 0, "tool")}
                </Typography>
              </CardContent>
              <CardActions>
                <EditButton />
                <DeleteCategory name={c.name} />
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
  return (
    <List
      title="Manage Categories"
      sort={{ field: "name", order: "ASC" }}
      perPage={24}
      pagination={<Pagination rowsPerPageOptions={[12, 24, 48]} />}
      actions={
        <TopToolbar>
          <CreateButton label="New category" />
        </TopToolbar>
      }
      component="div"
      queryOptions={{ onError: () => notify("Failed to fetch categories", { type: "error" }) }}
    >
      <Cards />
    </List>
  );
}
