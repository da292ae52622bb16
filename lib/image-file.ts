/** The size rule for an uploaded image, checked by the forms before sending and by the server. */
import { MAX_IMAGE_BYTES } from "./limits";

export const IMAGE_TOO_LARGE = "The image is larger than 5 MB";

/** Why this file cannot be sent as an image, or null when it may be (its type is the server's to judge). */
export function imageFileProblem(file: { size: number }): string | null {
  return file.size > MAX_IMAGE_BYTES ? IMAGE_TOO_LARGE : null;
}
