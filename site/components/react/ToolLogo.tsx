import { imageAttributes, type LocalImage } from "../../../lib/media";
import { monogramSvg } from "../../../lib/monogram";

type Props = {
  name: string;
  image: LocalImage | null;
  size?: "md" | "lg";
};

/**
 * The site's own copy of the tool's logo, or its monogram when there is none (decorative: the
 * name is always printed beside it). Never an image from elsewhere, so nothing can fail to load.
 * Islands and static pages alike render it (the latter with no client directive, so no script).
 */
export default function ToolLogo({ name, image, size = "md" }: Props) {
  const px = size === "lg" ? 80 : 48;
  const lg = size === "lg" ? " logo-lg" : "";
  if (!image) {
    // Markup of our own making (the letter is escaped).
    // biome-ignore lint/security/noDangerouslySetInnerHtml: generated SVG, no user markup
    return <span className={`logo monogram${lg}`} dangerouslySetInnerHTML={{ __html: monogramSvg(name, px) }} />;
  }
  const img = imageAttributes(image, px);
  return (
    <img
      className={`logo${lg}`}
      src={img.src}
      srcSet={img.srcset}
      sizes={`${px}px`}
      width={img.width}
      height={img.height}
      alt=""
      // The large logo heads a tool page, on its first screen (on a phone it can be the largest
      // paint): it loads with the page. The smaller ones sit in lists, many below the fold.
      loading={size === "lg" ? "eager" : "lazy"}
      decoding="async"
      style={{ background: image.color }}
    />
  );
}
