import BuildIcon from "@mui/icons-material/Build";
import ToolCreate from "./ToolCreate";
import ToolEdit from "./ToolEdit";
import ToolList from "./ToolList";

export default {
  list: ToolList,
  create: ToolCreate,
  edit: ToolEdit,
  icon: BuildIcon,
  recordRepresentation: "name",
};
