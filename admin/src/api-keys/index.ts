import KeyIcon from "@mui/icons-material/VpnKey";
import ApiKeyList from "./ApiKeyList";

export default {
  list: ApiKeyList,
  icon: KeyIcon,
  options: { label: "API keys" },
};
