import ComparisonIcon from "@mui/icons-material/CompareArrows";
import ComparisonCreate from "./ComparisonCreate";
import ComparisonEdit from "./ComparisonEdit";
import ComparisonList from "./ComparisonList";

export default {
  list: ComparisonList,
  create: ComparisonCreate,
  edit: ComparisonEdit,
  icon: ComparisonIcon,
  recordRepresentation: (record: { tool_a_name: string; tool_b_name: string }) =>
    `${record.tool_a_name} vs ${record.tool_b_name}`,
};
