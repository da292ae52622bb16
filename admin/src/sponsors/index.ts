import CampaignIcon from "@mui/icons-material/Campaign";
import EventAvailableIcon from "@mui/icons-material/EventAvailable";
import BookingList from "./BookingList";
import { PlacementCreate, PlacementEdit } from "./PlacementDialogs";
import PlacementList from "./PlacementList";

export const sponsorPlacements = {
  list: PlacementList,
  create: PlacementCreate,
  edit: PlacementEdit,
  icon: CampaignIcon,
  recordRepresentation: "name",
};

export const sponsorBookings = { list: BookingList, icon: EventAvailableIcon };
