import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import { ListItemIcon, ListItemText, MenuItem } from "@mui/material";

/** The sidebar's way back to the public site (a full page, outside the admin's router). */
export default function ViewSiteItem() {
  return (
    <MenuItem component="a" href="/">
      <ListItemIcon>
        <OpenInNewIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>View site</ListItemText>
    </MenuItem>
  );
}
