import GavelIcon from "@mui/icons-material/Gavel";
import { Alert, Box } from "@mui/material";
import { Admin, CustomRoutes, Layout, type LayoutProps, Logout, Menu, Resource, usePermissions } from "react-admin";
import { BrowserRouter, Route } from "react-router-dom";
import { authProvider } from "./authProvider";
import categories from "./categories";
import comparisons from "./comparisons";
import content from "./content";
import Dashboard from "./Dashboard";
import { dataProvider } from "./dataProvider";
import ModerationQueue from "./moderation/ModerationQueue";
import reports from "./reports";
import synonyms from "./synonyms";
import tags from "./tags";
import { darkTheme, theme } from "./theme";
import { themeSharingStore } from "./themeStore";
import tools from "./tools";

// One store for the app's life: its theme entry is the public site's stored choice.
const store = themeSharingStore();

/**
 * The sidebar (SPEC §2): Dashboard, Moderation (the queue of tools pending review), Tools,
 * Categories, Tags, Content, Synonyms, Reports, Comparisons, and Logout, which goes to /.
 */
function AdminMenu() {
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.Item to="/moderation" primaryText="Moderation" leftIcon={<GavelIcon />} />
      <Menu.ResourceItems />
      <Logout />
    </Menu>
  );
}

/** Members who are not admins get a clear refusal (the server refuses their calls anyway). */
function AdminLayout(props: LayoutProps) {
  const { permissions, isPending } = usePermissions();
  if (!isPending && permissions !== "admin") {
    return (
      <Box sx={{ p: 4 }}>
        <Alert severity="error">
          Admin access required. <a href="/">Back to the directory</a>
        </Alert>
      </Box>
    );
  }
  return <Layout {...props} menu={AdminMenu} />;
}

export default function App() {
  // Real paths (/admin/tools) rather than react-admin's default hash routes, so deep links work.
  return (
    <BrowserRouter basename="/admin">
      <Admin
        title="AI Tools Directory Admin"
        dataProvider={dataProvider}
        authProvider={authProvider}
        dashboard={Dashboard}
        layout={AdminLayout}
        theme={theme}
        darkTheme={darkTheme}
        store={store}
        requireAuth
        disableTelemetry
      >
        <CustomRoutes>
          <Route path="/moderation" element={<ModerationQueue />} />
        </CustomRoutes>
        <Resource name="tools" {...tools} />
        <Resource name="categories" {...categories} />
        <Resource name="tags" {...tags} />
        <Resource name="content" {...content} />
        <Resource name="synonyms" {...synonyms} />
        <Resource name="reports" {...reports} />
        <Resource name="comparisons" {...comparisons} />
      </Admin>
    </BrowserRouter>
  );
}
