import SynonymIcon from "@mui/icons-material/Translate";
import SynonymCreate from "./SynonymCreate";
import SynonymEdit from "./SynonymEdit";
import SynonymList from "./SynonymList";

export default {
  list: SynonymList,
  create: SynonymCreate,
  edit: SynonymEdit,
  icon: SynonymIcon,
  recordRepresentation: "term",
};
