import LocalOfferIcon from "@mui/icons-material/LocalOffer";
import { DealCreate, DealEdit } from "./DealDialogs";
import DealList from "./DealList";

export default {
  list: DealList,
  create: DealCreate,
  edit: DealEdit,
  icon: LocalOfferIcon,
  recordRepresentation: "tool_name",
};
