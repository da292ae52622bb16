import LocalOfferOutlinedIcon from "@mui/icons-material/LocalOfferOutlined";
import { Button } from "@mui/material";
import { useRecordContext } from "react-admin";
import { Link } from "react-router-dom";

/** From a tool's dialog: the deals form with this tool chosen. */
export default function AddDealButton() {
  const tool = useRecordContext<{ id: number }>();
  if (!tool) return null;
  const source = encodeURIComponent(JSON.stringify({ tool_id: tool.id }));
  return (
    <Button component={Link} to={`/deals/create?source=${source}`} startIcon={<LocalOfferOutlinedIcon />} size="small">
      Add a deal
    </Button>
  );
}
