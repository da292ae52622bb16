import EmailOutlinedIcon from "@mui/icons-material/EmailOutlined";
import GavelIcon from "@mui/icons-material/Gavel";
import SellOutlinedIcon from "@mui/icons-material/SellOutlined";
import { Alert, Box } from "@mui/material";
import { Admin, CustomRoutes, Layout, type LayoutProps, Logout, Menu, Resource, usePermissions } from "react-admin";
import { BrowserRouter, Route } from "react-router-dom";
import apiKeys from "./api-keys";
import { authProvider } from "./authProvider";
import categories from "./categories";
import comparisons from "./comparisons";
import content from "./content";
import Dashboard from "./Dashboard";
import { dataProvider } from "./dataProvider";
import deals from "./deals";
import mail from "./mail";
import ModerationQueue from "./moderation/ModerationQueue";
import NewsletterPage from "./newsletter/NewsletterPage";
import PricesPage from "./prices/PricesPage";
import reports from "./reports";
import revenue from "./revenue";
import { sponsorBookings, sponsorPlacements } from "./sponsors";
import synonyms from "./synonyms";
import tags from "./tags";
import { darkTheme, theme } from "./theme";
import { themeSharingStore } from "./themeStore";
import tools from "./tools";
import ImportUrlsPage from "./tools/ImportUrlsPage";
import users from "./users";
import ViewSiteItem from "./ViewSiteItem";

// One store for the app's life: its theme entry is the public site's stored choice.
const store = themeSharingStore();

/**
 * The sidebar (SPEC §2): Dashboard, Moderation (the queue of tools pending review), Tools,
 * Categories, Tags, Content, Synonyms, Reports, Comparisons, View site, and Logout, which goes to /.
 */
function AdminMenu() {
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.Item to="/moderation" primaryText="Moderation" leftIcon={<GavelIcon />} />
      <Menu.Item to="/newsletter" primaryText="Newsletter" leftIcon={<EmailOutlinedIcon />} />
      <Menu.Item to="/prices" primaryText="Prices" leftIcon={<SellOutlinedIcon />} />
      <Menu.ResourceItems />
      <ViewSiteItem />
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
  // A wide table scrolls inside its own card instead of widening the page: react-admin sizes the
  // layout to fit its content, and a flex item's default minimum width is its content's.
  return <Layout {...props} menu={AdminMenu} sx={{ minWidth: 0, "& .RaLayout-content": { minWidth: 0 } }} />;
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
          <Route path="/newsletter" element={<NewsletterPage />} />
          <Route path="/import-urls" element={<ImportUrlsPage />} />
          <Route path="/prices" element={<PricesPage />} />
        </CustomRoutes>
        <Resource name="tools" {...tools} />
        <Resource name="categories" {...categories} />
        <Resource name="tags" {...tags} />
        <Resource name="content" {...content} />
        <Resource name="synonyms" {...synonyms} />
        <Resource name="reports" {...reports} />
        <Resource name="comparisons" {...comparisons} />
        <Resource name="sponsor-placements" options={{ label: "Sponsor placements" }} {...sponsorPlacements} />
        <Resource name="sponsor-bookings" options={{ label: "Sponsor bookings" }} {...sponsorBookings} />
        <Resource name="deals" {...deals} />
        <Resource name="api-keys" {...apiKeys} />
        <Resource name="revenue" options={{ label: "Revenue" }} {...revenue} />
        <Resource name="mail" {...mail} />
        <Resource name="users" {...users} />
      </Admin>
    </BrowserRouter>
  );
}
