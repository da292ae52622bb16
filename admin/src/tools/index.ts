import BuildIcon from "@mui/icons-material/Build";
import ToolList from "./ToolList";

export default {
  list: ToolList,
  icon: BuildIcon,
  recordRepresentation: "name",
};
