import TagIcon from "@mui/icons-material/LocalOffer";
import TagCreate from "./TagCreate";
import TagEdit from "./TagEdit";
import TagList from "./TagList";

export default {
  list: TagList,
  create: TagCreate,
  edit: TagEdit,
  icon: TagIcon,
  recordRepresentation: "name",
};
