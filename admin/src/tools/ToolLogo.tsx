import { Avatar } from "@mui/material";
import { type LocalImage, mediaPath } from "../../../lib/media";
import { monogramColor, monogramLetter } from "../../../lib/monogram";

/**
 * The site's own copy of a tool's logo, else the site's monogram (same letter, same colour).
 * Decorative: the name is printed beside it.
 */
export default function ToolLogo({ name, image }: { name: string; image: LocalImage | null | undefined }) {
  const src = image ? mediaPath(image.hash, image.widths[0] ?? image.width) : undefined;
  return (
    <Avatar
      variant="rounded"
      src={src}
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
