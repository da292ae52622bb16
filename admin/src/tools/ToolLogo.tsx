import { Avatar } from "@mui/material";
import { monogramColor, monogramLetter } from "../../../lib/monogram";

/**
 * A tool's logo over the site's monogram (same letter, same colour): the monogram shows when there
 * is no logo or it fails to load. Decorative: the name is printed beside it.
 */
export default function ToolLogo({ name, src }: { name: string; src: string | null }) {
  return (
    <Avatar
      variant="rounded"
      src={src || undefined}
      alt=""
      aria-hidden="true"
      sx={{
        width: 32,
        height: 32,
        bgcolor: monogramColor(name),
        color: "#fff",
        fontWeight: 700,
        fontSize: 16,
        "& img": { objectFit: "contain", bgcolor: "#fff" },
      }}
    >
      {monogramLetter(name)}
    </Avatar>
  );
}
