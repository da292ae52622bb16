import PaymentsIcon from "@mui/icons-material/Payments";
import RevenueList from "./RevenueList";

export default { list: RevenueList, icon: PaymentsIcon };
